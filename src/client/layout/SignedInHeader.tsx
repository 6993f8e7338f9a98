import { EyeOff, LogOut, Menu, Search, UserRound } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { useAuth, useLogout } from "../features/auth/useAuth";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Tooltip, TooltipProvider } from "../ui/tooltip";
import { Logo, ThemeToggle } from "./Header";
import { HeaderExtras } from "./header-extras";
import { MobileMenu } from "./MobileMenu";
import { MAIN_NAV } from "./nav";
import { usePreferences } from "./preferences";

/**
 * The signed-in header of SPEC §2.2, in its own chunk (lazily loaded by AppLayout): Radix
 * Tooltip/Popover/Dialog, notifications and global search stay out of the landing page's JS.
 */
function StealthToggle() {
  const { stealth, toggleStealth } = usePreferences();
  return (
    <Tooltip
      content={
        stealth
          ? "Stealth mode is on: your posts and replies are anonymous. Click to turn it off."
          : "Stealth mode: observe, post and reply anonymously."
      }
    >
      <Button
        variant={stealth ? "secondary" : "ghost"}
        size="icon"
        onClick={toggleStealth}
        aria-pressed={stealth}
        aria-label="Stealth mode"
      >
        <EyeOff className="h-5 w-5" aria-hidden="true" />
      </Button>
    </Tooltip>
  );
}

function InlineSearch() {
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    if (q.length >= 2) navigate(`/?search=${encodeURIComponent(q)}`);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet in React's DOM typings
    <form role="search" onSubmit={submit} className="relative hidden 2xl:block">
      <label htmlFor="header-search" className="sr-only">
        Search posts
      </label>
      <Search
        className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        id="header-search"
        type="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder="Search..."
        className="h-9 w-48 rounded-md border border-input bg-background pl-8 pr-2 text-sm placeholder:text-muted-foreground"
      />
    </form>
  );
}

function Header() {
  const { user } = useAuth();
  const { stealth } = usePreferences();
  const logout = useLogout();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      {/* At 320 px the logo, five (six for an admin) icon buttons and the menu button fit in one
          line: tighter padding below `sm`, and the profile link lives in the menu there. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Logo />
        <nav aria-label="Main" className="ml-2 hidden items-center gap-0.5 xl:flex">
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              className={({ isActive }) =>
                cn(
                  "whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground",
                  isActive && "bg-muted text-foreground",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1">
          <InlineSearch />
          {stealth ? (
            <Badge tone="warning" className="hidden sm:inline-flex" aria-live="polite">
              <EyeOff className="h-3 w-3" aria-hidden="true" /> Stealth
            </Badge>
          ) : null}
          <HeaderExtras />
          <ThemeToggle />
          <StealthToggle />
          {user ? (
            <Button variant="ghost" size="icon" className="hidden sm:inline-flex" asChild>
              <Link to="/profile" aria-label={`Your profile (${user.username})`}>
                <UserRound className="h-5 w-5" aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="hidden sm:inline-flex"
            aria-label="Logout"
            title="Logout"
            pending={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: () => navigate("/") })}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />{" "}
            <span className="hidden 2xl:inline">Logout</span>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="xl:hidden"
            ref={menuButton}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <MobileMenu
        open={menuOpen}
        onOpenChange={setMenuOpen}
        returnFocusTo={menuButton}
        onLogout={() => logout.mutate(undefined, { onSettled: () => navigate("/") })}
      />
    </header>
  );
}

export default function SignedInHeader() {
  return (
    <TooltipProvider>
      <Header />
    </TooltipProvider>
  );
}

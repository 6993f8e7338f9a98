import { Moon, Sun } from "lucide-react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "../../common/constants";
import { Button } from "../ui/button";
import { usePreferences } from "./preferences";

// The signed-in header (with its tooltip, popovers, search and menu dialogs) is its own chunk:
// `SignedInHeader.tsx`, lazily loaded by AppLayout, so visitors never download it.

export function Logo() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 font-bold tracking-tight"
      aria-label={`${PRODUCT_NAME} home`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      {/* The name gives way on the narrowest phones (the link keeps it as its accessible name). */}
      <span className="whitespace-nowrap text-lg max-[389px]:sr-only">{PRODUCT_NAME}</span>
    </Link>
  );
}

export function ThemeToggle() {
  const { theme, toggleTheme } = usePreferences();
  const label = theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === "dark" ? (
        <Sun className="h-5 w-5" aria-hidden="true" />
      ) : (
        <Moon className="h-5 w-5" aria-hidden="true" />
      )}
    </Button>
  );
}

/** The visitors' header: Contact, Login and Join Community (SPEC §2.2). */
export function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      {/* Tighter below `sm` so the wordmark, Login and Join Community fit a 390 px phone. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Logo />
        <nav aria-label="Main" className="ml-auto flex items-center gap-1">
          {/* On a narrow phone the footer's Contact link serves; the bar keeps to one line. */}
          <Button variant="ghost" size="sm" className="hidden sm:inline-flex" asChild>
            <Link to="/contact">Contact</Link>
          </Button>
          <ThemeToggle />
          <Button variant="outline" size="sm" asChild>
            <Link to="/auth">Login</Link>
          </Button>
          <Button size="sm" className="whitespace-nowrap" asChild>
            <Link to="/auth?mode=register">Join Community</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}

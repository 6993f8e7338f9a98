import { LogOut, X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { RefObject } from "react";
import { NavLink } from "react-router";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { MAIN_NAV } from "./nav";

export function MobileMenu({
  open,
  onOpenChange,
  onLogout,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
  /** The menu button: focus goes back to it when the menu closes (it is not a Radix Trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Radix would focus its own trigger, which this menu does not have: focus would drop to <body>.
            event.preventDefault();
            returnFocusTo?.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-72 flex-col gap-2 border-l border-border bg-background p-4 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-semibold">Menu</RadixDialog.Title>
            <RadixDialog.Close className="rounded-md p-2 hover:bg-muted" aria-label="Close menu">
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {MAIN_NAV.map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                end={to === "/"}
                onClick={() => onOpenChange(false)}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted",
                    isActive && "bg-muted",
                  )
                }
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {label}
              </NavLink>
            ))}
            <NavLink
              to="/profile"
              onClick={() => onOpenChange(false)}
              className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted"
            >
              Profile
            </NavLink>
            <NavLink
              to="/settings/security"
              onClick={() => onOpenChange(false)}
              className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted"
            >
              Sign-in and security
            </NavLink>
          </nav>
          <Button
            variant="outline"
            className="mt-auto"
            onClick={() => {
              onOpenChange(false);
              onLogout();
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
          </Button>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

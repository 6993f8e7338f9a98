import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { cn } from "./cn";
import { focusIsLost, mainRegion } from "./keep-focus";

/** An accessible modal dialog (focus trap, Escape, labelled by its title). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
  className,
  onCloseAutoFocus,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: string;
  trigger?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes on close (default: back to the trigger, or, for a dialog opened without one,
   * to the element focused before it opened; to the page's main region if that one is gone).
   */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  // Radix returns focus to its own trigger only: a dialog opened from elsewhere (a card's Edit
  // button, a menu) would leave it on the page's body.
  const opener = useRef<HTMLElement | null>(null);
  const closeAutoFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented || trigger) return;
    event.preventDefault();
    // Focus the screen already placed on purpose (a heading after a row left the list) stays.
    if (!focusIsLost()) return;
    const back = opener.current?.isConnected ? opener.current : mainRegion();
    back?.focus();
    opener.current = null;
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <RadixDialog.Content
          className={cn(
            "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
            "rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            // Called before focus moves in: what had it opened the dialog.
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={closeAutoFocus}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-muted-foreground">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute right-4 top-4 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label="Close"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;

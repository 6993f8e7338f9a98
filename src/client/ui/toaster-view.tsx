import { Toast } from "radix-ui";
import { TIMING } from "../../common/constants";
import { cn } from "./cn";
import { dismiss, useToast } from "./toast-store";

/** The toast region (Radix Toast), lazily loaded by `Toaster` in ./toast.tsx. */
export default function ToasterView() {
  const t = useToast();
  return (
    <Toast.Provider
      duration={TIMING.toastDurationMs}
      swipeThreshold={TIMING.toastSwipeThreshold}
      swipeDirection="right"
    >
      {t ? (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismiss(t.id)}
          className={cn(
            "flex items-start justify-between gap-3 rounded-lg border p-4 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full",
            t.variant === "destructive"
              ? "border-destructive bg-card text-foreground"
              : "border-border bg-card text-card-foreground",
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className={cn("font-semibold", t.variant === "destructive" && "text-destructive")}>
              {t.title}
            </Toast.Title>
            {t.description ? (
              <Toast.Description className="text-sm text-muted-foreground">{t.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="rounded p-1 text-muted-foreground hover:bg-muted"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ) : null}
      {/* Above the cookie banner and the overlays' stack (the install card, the promo banner) while
          they show (their heights: CookieBanner, layout/overlays.tsx), never over their text. */}
      <Toast.Viewport
        className="fixed right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
        style={{ bottom: "calc(var(--cookie-banner-height, 0px) + var(--overlay-stack-height, 0px) + 1rem)" }}
      />
    </Toast.Provider>
  );
}

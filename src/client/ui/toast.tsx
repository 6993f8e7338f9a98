import { Toast } from "radix-ui";
import { useSyncExternalStore } from "react";
import { TIMING } from "../../common/constants";
import { cn } from "./cn";

/**
 * Toasts of SPEC §8/§9: one at a time (a new one replaces the current), 5000 ms, swipe
 * threshold 50. `toast({ title, description, variant })` can be called from anywhere.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
}
interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++, open: true };
  emit();
}

function dismiss(id: number) {
  if (current?.id === id) {
    current = { ...current, open: false };
    emit();
  }
}

function useToast(): ToastState | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

export function Toaster() {
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
      <Toast.Viewport className="fixed bottom-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none" />
    </Toast.Provider>
  );
}

import { lazy, Suspense, useState, useSyncExternalStore } from "react";

/**
 * Toasts of SPEC §8/§9: one at a time (a new one replaces the current), 5000 ms, swipe
 * threshold 50. `toast({ title, description, variant })` can be called from anywhere.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
}
export interface ToastState extends ToastInput {
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

export function dismiss(id: number) {
  if (current?.id === id) {
    current = { ...current, open: false };
    emit();
  }
}

export function useToast(): ToastState | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

// The Radix Toast view is its own chunk, loaded with the first toast (none on first paint), so
// it stays out of the landing page's JS (bench/size.ts).
const ToasterView = lazy(() => import("./toaster-view"));

export function Toaster() {
  const t = useToast();
  const [needed, setNeeded] = useState(false);
  if (t !== null && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}

import { useSyncExternalStore } from "react";

/**
 * The toast store: one toast at a time (SPEC §8/§9). Its own module so the lazily loaded view
 * (`toaster-view.tsx`) reads it without importing `toast.tsx`, which loads that view: no cycle.
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

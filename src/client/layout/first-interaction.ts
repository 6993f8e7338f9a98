import { useSyncExternalStore } from "react";

/**
 * Whether the visitor has done something on the page: pressed a pointer, a key, scrolled or
 * navigated. The install card waits for it (overlay-order.ts). `resetInteraction()` starts over
 * (after the cookie choice, so the click on "Accept All" does not itself bring the next overlay).
 */
let interacted = false;
const listeners = new Set<() => void>();

export function markInteracted(): void {
  if (interacted) return;
  interacted = true;
  for (const listener of listeners) listener();
}

export function resetInteraction(): void {
  if (!interacted) return;
  interacted = false;
  for (const listener of listeners) listener();
}

const EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;
let watching = false;

/** Listens for the visitor's first action (once per page load). */
export function watchFirstInteraction(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  for (const type of EVENTS) {
    window.addEventListener(type, markInteracted, { capture: true, passive: true });
  }
}

export function useInteracted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => interacted,
    () => false,
  );
}

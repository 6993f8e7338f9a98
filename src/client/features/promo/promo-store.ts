import { useLayoutEffect, useSyncExternalStore } from "react";

/**
 * Promo banner state shared by its two placements: the landing page shows it inline at the top
 * (SPEC §2.3) and every other page shows it among the overlays (SPEC §2.19). Dismissal is
 * permanent (`promo-banner-dismissed` in local storage, SPEC §4).
 */
export const PROMO_DISMISSED_KEY = "promo-banner-dismissed";

const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
let memoryDismissed = false;
let inlineMounted = 0;

function readDismissed(): boolean {
  try {
    return memoryDismissed || window.localStorage.getItem(PROMO_DISMISSED_KEY) === "true";
  } catch {
    return memoryDismissed;
  }
}

export function dismissPromo(): void {
  memoryDismissed = true;
  try {
    window.localStorage.setItem(PROMO_DISMISSED_KEY, "true");
  } catch {
    // storage refused: hidden for this page only
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PROMO_DISMISSED_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function usePromoDismissed(): boolean {
  return useSyncExternalStore(subscribe, readDismissed, () => false);
}

/** The inline banner registers itself so the overlay copy steps aside (no double banner). */
export function useRegisterInlinePromo(): void {
  useLayoutEffect(() => {
    inlineMounted += 1;
    emit();
    return () => {
      inlineMounted -= 1;
      emit();
    };
  }, []);
}

export function useInlinePromoMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inlineMounted > 0,
    () => false,
  );
}

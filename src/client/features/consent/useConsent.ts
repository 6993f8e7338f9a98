import { useSyncExternalStore } from "react";
import { type ConsentChoice, getConsent, onConsentChange } from "./consent";

function subscribe(listener: () => void) {
  return onConsentChange(() => listener());
}

/** The visitor's cookie choice, or null while undecided. */
export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(subscribe, getConsent, () => null);
}

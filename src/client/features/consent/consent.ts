/**
 * Cookie consent (SPEC §4): undecided until the visitor chooses; the choice is stored as
 * `cookie-consent` = "accepted" | "declined" in local storage. Accepting grants analytics
 * consent: analytics code calls `hasAnalyticsConsent()` before sending anything and listens to
 * `consent-changed` (a window CustomEvent whose detail is the new ConsentChoice | null) to start
 * or stop; `onConsentChange()` also reports choices made in another tab (the `storage` event).
 */
export const COOKIE_CONSENT_KEY = "cookie-consent";
export const CONSENT_CHANGED_EVENT = "consent-changed";

export type ConsentChoice = "accepted" | "declined";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(value: string | null | undefined): ConsentChoice | null {
  return value === "accepted" || value === "declined" ? value : null;
}

/** The choice when storage is refused (private modes): it holds for this page only. */
let memoryChoice: ConsentChoice | null = null;

/** The stored choice, or null while undecided (the banner shows). */
export function getConsent(): ConsentChoice | null {
  try {
    return parse(storage()?.getItem(COOKIE_CONSENT_KEY)) ?? memoryChoice;
  } catch {
    return memoryChoice;
  }
}

function announce(choice: ConsentChoice | null): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<ConsentChoice | null>(CONSENT_CHANGED_EVENT, { detail: choice }));
}

/** Stores the visitor's choice and announces it. */
export function setConsent(choice: ConsentChoice): void {
  memoryChoice = choice;
  try {
    storage()?.setItem(COOKIE_CONSENT_KEY, choice);
  } catch {
    // storage refused: memoryChoice keeps the choice for this page
  }
  announce(choice);
}

/** True only after "Accept All": analytics storage consent (SPEC §4). */
export function hasAnalyticsConsent(): boolean {
  return getConsent() === "accepted";
}

/** Calls `listener` with the new choice whenever it changes (this tab or another). */
export function onConsentChange(listener: (choice: ConsentChoice | null) => void): () => void {
  if (typeof window === "undefined") return () => undefined;
  const onLocal = (event: Event) => listener((event as CustomEvent<ConsentChoice | null>).detail ?? null);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COOKIE_CONSENT_KEY || event.key === null) listener(parse(event.newValue));
  };
  window.addEventListener(CONSENT_CHANGED_EVENT, onLocal);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CONSENT_CHANGED_EVENT, onLocal);
    window.removeEventListener("storage", onStorage);
  };
}

import { useEffect } from "react";
import { useAuth } from "../auth/useAuth";
import { hasAnalyticsConsent, onConsentChange } from "../consent/consent";
import { createUsageTracker, sendUsageEvent } from "./usage";

const tracker = createUsageTracker({
  send: sendUsageEvent,
  hasConsent: hasAnalyticsConsent,
  currentPath: () => window.location.pathname,
  referrer: () => {
    const ref = document.referrer;
    if (!ref) return undefined;
    try {
      return new URL(ref).origin === window.location.origin ? undefined : ref.slice(0, 2000);
    } catch {
      return undefined;
    }
  },
});

/** Mounted once in the overlays: wires page load, back/forward, consent and sign-in to the tracker. */
export function UsageTracker() {
  const { user } = useAuth();
  const userId = user?.id ?? null;

  useEffect(() => {
    tracker.load();
    const onPop = () => tracker.popstate();
    window.addEventListener("popstate", onPop);
    const off = onConsentChange(() => tracker.consentChanged());
    return () => {
      window.removeEventListener("popstate", onPop);
      off();
    };
  }, []);

  useEffect(() => {
    tracker.user(userId);
  }, [userId]);

  return null;
}

import type { UsageEvent } from "../../../common/analytics";
import { recordUsageEvent } from "../../../common/api/analytics";

/** Sent with `keepalive` (it may outlive the page), so through fetch rather than `call`. */
export const USAGE_ENDPOINT = recordUsageEvent.path;

/**
 * First-party usage analytics (SPEC §7: a page view on load and on back/forward navigation, an
 * identify on sign-in), gated by cookie consent (SPEC §4): nothing is sent unless the visitor
 * chose "Accept All". The state lives for one page load, not per component, so the layout
 * re-mounting at sign-in does not count the page twice.
 */
export interface UsageTrackerDeps {
  send: (event: UsageEvent) => void;
  hasConsent: () => boolean;
  currentPath: () => string;
  referrer: () => string | undefined;
}

export function createUsageTracker(deps: UsageTrackerDeps) {
  let loadCounted = false;
  let identified: number | null = null;
  let userId: number | null = null;

  const pageview = (withReferrer: boolean) =>
    deps.send({
      type: "pageview",
      path: deps.currentPath(),
      ...(withReferrer && deps.referrer() ? { referrer: deps.referrer() } : {}),
    });

  const identify = () => {
    if (userId !== null && identified !== userId && deps.hasConsent()) {
      identified = userId;
      deps.send({ type: "identify", path: deps.currentPath() });
    }
  };

  return {
    /** The page load (or the moment consent is given on this load): counted once. */
    load() {
      if (loadCounted || !deps.hasConsent()) return;
      loadCounted = true;
      pageview(true);
      identify();
    },
    /** Back / forward navigation. */
    popstate() {
      if (deps.hasConsent()) pageview(false);
    },
    /** The signed-in member changed (null when signed out). */
    user(id: number | null) {
      userId = id;
      if (id === null) identified = null;
      else identify();
    },
    /** The visitor made a cookie choice: accepting counts the current page and identifies. */
    consentChanged() {
      this.load();
      identify();
    },
  };
}

function validPath(path: string): string {
  // The server accepts up to 300 characters of a path starting with one "/".
  const p = path.startsWith("/") && !path.startsWith("//") ? path : "/";
  return p.slice(0, 300).replace(/\s/g, "");
}

/** Sends one event; failures are ignored (analytics never disturbs the visitor). */
export function sendUsageEvent(event: UsageEvent): void {
  if (typeof fetch === "undefined") return;
  void fetch(USAGE_ENDPOINT, {
    method: "POST",
    credentials: "include",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...event, path: validPath(event.path) }),
  }).catch(() => undefined);
}

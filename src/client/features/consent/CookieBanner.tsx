import { Cookie, X } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import { Button } from "../../ui/button";
import { useHeightVar } from "../../ui/height-var";
import { type ConsentChoice, setConsent } from "./consent";
import { useConsent } from "./useConsent";

/** The page's bottom inset while the banner shows (styles/index.css: padding and scroll padding). */
export const COOKIE_BANNER_INSET_VAR = "--cookie-banner-height";

/**
 * After the choice the banner is gone: focus goes to the main content (the skip link's target)
 * rather than dropping to <body>.
 */
function choose(choice: ConsentChoice): void {
  setConsent(choice);
  document.getElementById("main-content")?.focus({ preventScroll: true });
}

/**
 * "Cookie Preferences" (SPEC §2.19, §4): shown while undecided, a non-modal region fixed at the
 * bottom. It is rendered right after the skip link, so it comes first in the Tab order, and while
 * it shows the page reserves its height at the bottom (padding and `scroll-padding-bottom`), so it
 * never hides the end of the page nor a focused element. Accept All grants analytics consent;
 * Essential Only and the close button decline it (docs/decisions/0066-one-overlay-at-a-time.md).
 */
export function CookieBanner() {
  const choice = useConsent();
  const ref = useRef<HTMLElement>(null);
  const shown = choice === null;

  useHeightVar(ref, COOKIE_BANNER_INSET_VAR, shown);

  if (!shown) return null;
  return (
    <section ref={ref} aria-label="Cookie Preferences" className="fixed inset-x-0 bottom-0 z-40 p-2 sm:p-3">
      <div className="relative flex flex-col gap-3 rounded-xl border border-border bg-card p-4 pr-12 text-sm text-card-foreground shadow-lg sm:flex-row sm:items-center">
        <Cookie className="hidden h-6 w-6 shrink-0 text-primary sm:block" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">Cookie Preferences</p>
          <p className="mt-0.5 text-muted-foreground">
            We use essential cookies to keep you signed in. With your consent we also count page views to
            improve the site. See our{" "}
            <Link to="/privacy" className="font-medium text-foreground underline underline-offset-2">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => choose("declined")}>
            Essential Only
          </Button>
          <Button size="sm" onClick={() => choose("accepted")}>
            Accept All
          </Button>
        </div>
        <button
          type="button"
          onClick={() => choose("declined")}
          aria-label="Dismiss cookie banner"
          className="absolute right-2 top-2 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

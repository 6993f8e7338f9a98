import { Cookie, X } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../ui/button";
import { setConsent } from "./consent";
import { useConsent } from "./useConsent";

/**
 * "Cookie Preferences" (SPEC §2.19, §4): shown while undecided, a non-modal region at the bottom.
 * Accept All grants analytics consent; Essential Only and the close button decline it.
 */
export function CookieBanner() {
  const choice = useConsent();
  if (choice !== null) return null;
  return (
    <section
      aria-label="Cookie Preferences"
      className="relative flex flex-col gap-3 rounded-xl border border-border bg-card p-4 pr-12 text-sm text-card-foreground shadow-lg sm:flex-row sm:items-center"
    >
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
        <Button variant="outline" size="sm" onClick={() => setConsent("declined")}>
          Essential Only
        </Button>
        <Button size="sm" onClick={() => setConsent("accepted")}>
          Accept All
        </Button>
      </div>
      <button
        type="button"
        onClick={() => setConsent("declined")}
        aria-label="Dismiss cookie banner"
        className="absolute right-2 top-2 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </section>
  );
}

import { Clock, Sparkles, X } from "lucide-react";
import { Link } from "react-router";
import { formatDeadlineDay } from "../../../common/promo";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { useConsent } from "../consent/useConsent";
import { dismissPromo, usePromoDismissed } from "./promo-store";
import { type PromoOffer, usePromoOffer } from "./usePromo";

/**
 * "Launch Special!" (SPEC §2.19): the offer with its real deadline day, a countdown ("Nd Nh" /
 * "Nh Nm" / "Nm", every 60 s), "Claim Offer" to /auth, and a dismiss button that hides it for
 * good. Shown only while the offer runs (docs/decisions/0065-promo-deadline-unset-means-no-offer.md).
 */
function PromoContent({ offer, className }: { offer: PromoOffer; className?: string }) {
  return (
    <section
      aria-label="Launch Special!"
      className={cn(
        "relative flex flex-wrap items-center gap-x-4 gap-y-2 border border-primary/40 bg-card px-4 py-2.5 pr-12 text-sm text-card-foreground",
        className,
      )}
    >
      <Sparkles className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Launch Special!</strong>{" "}
        <span>
          Sign up before {formatDeadlineDay(offer.deadline)} and get Pro membership for 1 year free.
        </span>
      </p>
      <p className="flex items-center gap-1.5 font-medium tabular-nums" data-testid="promo-countdown">
        <Clock className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        <span>Ends in {offer.countdown.label}</span>
      </p>
      <Button asChild size="sm">
        <Link to="/auth">Claim Offer</Link>
      </Button>
      <button
        type="button"
        onClick={dismissPromo}
        aria-label="Dismiss promotion"
        className="absolute right-2 top-1/2 -translate-y-1/2 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </section>
  );
}

/**
 * The landing page's banner, at the top of the page. It waits for the cookie choice, so the two
 * never squeeze the hero between them on a phone (docs/decisions/0066-one-overlay-at-a-time.md).
 */
export function InlinePromoBanner() {
  const dismissed = usePromoDismissed();
  const offer = usePromoOffer();
  const cookieChoice = useConsent();
  if (dismissed || !offer || cookieChoice === null) return null;
  return <PromoContent offer={offer} className="border-x-0 border-t-0" />;
}

/** Every other page's banner, among the overlays at the bottom (when the coordinator picks it). */
export function OverlayPromoBanner() {
  const offer = usePromoOffer();
  if (!offer) return null;
  return <PromoContent offer={offer} className="rounded-xl shadow-lg" />;
}

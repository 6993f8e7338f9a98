import { Clock, Sparkles, X } from "lucide-react";
import { Link } from "react-router";
import { formatDeadlineDay } from "../../../common/promo";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import {
  dismissPromo,
  useInlinePromoMounted,
  usePromoDismissed,
  useRegisterInlinePromo,
} from "./promo-store";
import { usePromoCountdown, usePromoDeadline } from "./usePromo";

/**
 * "Launch Special!" (SPEC §2.19): the offer, a countdown ("Nd Nh" / "Nh Nm" / "Nm", every 60 s;
 * "Offer expired" after the deadline), "Claim Offer" to /auth while the offer runs, and a
 * dismiss button that hides it for good.
 */
function PromoContent({ className }: { className?: string }) {
  const deadline = usePromoDeadline();
  const countdown = usePromoCountdown(deadline);
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
        <span>Sign up before {formatDeadlineDay(deadline)} and get Pro membership for 1 year free.</span>
      </p>
      <p className="flex items-center gap-1.5 font-medium tabular-nums" data-testid="promo-countdown">
        <Clock className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {countdown.expired ? countdown.label : <span>Ends in {countdown.label}</span>}
      </p>
      {countdown.expired ? null : (
        <Button asChild size="sm">
          <Link to="/auth">Claim Offer</Link>
        </Button>
      )}
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

/** The landing page's banner, at the top of the page. */
export function InlinePromoBanner() {
  useRegisterInlinePromo();
  const dismissed = usePromoDismissed();
  if (dismissed) return null;
  return <PromoContent className="border-x-0 border-t-0" />;
}

/** Every other page's banner, among the overlays at the bottom. */
export function OverlayPromoBanner() {
  const dismissed = usePromoDismissed();
  const inline = useInlinePromoMounted();
  if (dismissed || inline) return null;
  return <PromoContent className="rounded-xl shadow-lg" />;
}

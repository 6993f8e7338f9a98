import { lazy, Suspense } from "react";
import { useConsent } from "../consent";
import { usePromoDismissed, useRegisterInlinePromo } from "./promo-store";
import { usePromoOffer } from "./usePromo";

// Loaded only when shown, so the landing page's JS stays within its budget (bench/size.ts): an
// offer runs only while PROMO_DEADLINE is configured and in the future.
const InlinePromoBanner = lazy(() => import("./PromoBanner").then((m) => ({ default: m.InlinePromoBanner })));

/** The landing page's promo banner: registered at once (the overlay copy steps aside), drawn when shown. */
export function LandingPromo() {
  useRegisterInlinePromo();
  const dismissed = usePromoDismissed();
  const offer = usePromoOffer();
  const cookieChoice = useConsent();
  if (dismissed || !offer || cookieChoice === null) return null;
  return (
    <Suspense fallback={null}>
      <InlinePromoBanner />
    </Suspense>
  );
}

import { lazy, Suspense } from "react";
import { useConsent } from "../consent/useConsent";
import { usePromoDismissed, useRegisterInlinePromo } from "../promo/promo-store";
import { usePromoOffer } from "../promo/usePromo";
import { useInstallState } from "../pwa/install-store";

// Loaded only when shown, so the landing page's JS stays within its budget (bench/size.ts): an
// offer runs only while PROMO_DEADLINE is configured, and the browser rarely offers installation.
const InlinePromoBanner = lazy(() =>
  import("../promo/PromoBanner").then((m) => ({ default: m.InlinePromoBanner })),
);
const InstallAppButton = lazy(() =>
  import("../pwa/InstallCard").then((m) => ({ default: m.InstallAppButton })),
);

/** The landing page's promo banner: registered at once (the overlay copy steps aside), drawn when shown. */
function LandingPromo() {
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

/** Landing additions (SPEC §2.3): the promo banner at the top and, when the browser offers installation, an install button. */
export function LandingExtras() {
  const { promptAvailable, installed } = useInstallState();
  return (
    <>
      <LandingPromo />
      {promptAvailable && !installed ? (
        <div className="flex justify-center px-4 pt-4">
          <Suspense fallback={null}>
            <InstallAppButton />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}

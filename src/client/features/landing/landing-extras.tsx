import { lazy, Suspense } from "react";
import { LandingPromo } from "../promo";
import { useInstallState } from "../pwa/install-store";

// Loaded only when shown, so the landing page's JS stays within its budget (bench/size.ts): the
// browser rarely offers installation.
const InstallAppButton = lazy(() =>
  import("../pwa/InstallCard").then((m) => ({ default: m.InstallAppButton })),
);

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

import { InlinePromoBanner } from "../promo/PromoBanner";
import { InstallAppButton } from "../pwa/InstallCard";
import { useInstallState } from "../pwa/install-store";

/** Landing additions (SPEC §2.3): the promo banner at the top and, when the browser offers installation, an install button. */
export function LandingExtras() {
  const { promptAvailable, installed } = useInstallState();
  return (
    <>
      <InlinePromoBanner />
      {promptAvailable && !installed ? (
        <div className="flex justify-center px-4 pt-4">
          <InstallAppButton />
        </div>
      ) : null}
    </>
  );
}

import { CookieBanner } from "../features/consent/CookieBanner";
import { OverlayPromoBanner } from "../features/promo/PromoBanner";
import { OfflineNotice, PwaModeBadge } from "../features/pwa/Connectivity";
import { InstallCard } from "../features/pwa/InstallCard";
import { InstallInstructionsDialog } from "../features/pwa/InstallInstructionsDialog";
import { initInstallPrompt } from "../features/pwa/install-store";
import { scheduleServiceWorkerRegistration } from "../features/pwa/service-worker";
import { UpdateBar } from "../features/pwa/UpdateBar";
import { AccentTheme } from "../features/subscription/AccentTheme";

// Once per page load, before the first render: the install timers start at load (SPEC §4) and
// the service worker registers 1 s after the load event (SPEC §9).
initInstallPrompt();
scheduleServiceWorkerRegistration();

/**
 * Overlays shown on every page. They sit in one sticky stack at the end of the page: it stays in
 * view at the bottom while scrolling, but it is part of the page's flow, so it never covers the
 * last content (the page can always scroll past it), and its empty areas let clicks through.
 */
export function Overlays() {
  return (
    <>
      <div className="pointer-events-none sticky bottom-0 z-30 flex flex-col gap-2 p-2 empty:hidden sm:p-3 [&>*]:pointer-events-auto">
        <PwaModeBadge />
        <OfflineNotice />
        <UpdateBar />
        <OverlayPromoBanner />
        <CookieBanner />
        <InstallCard />
      </div>
      <InstallInstructionsDialog />
      <AccentTheme />
    </>
  );
}

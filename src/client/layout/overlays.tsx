import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useAuth } from "../features/auth/useAuth";
import { useConsent } from "../features/consent/useConsent";
import { useOverlayPromoWanted } from "../features/promo";
// The keyboard shortcuts' listener (decision 0100) rides in this after-the-page chunk, out of the
// entry; the feature's index would bring its table too.
import { KeyboardShortcuts } from "../features/shortcuts/KeyboardShortcuts";
import { OfflineNotice, PwaModeBadge } from "../features/pwa/Connectivity";
import { useInstallInstructions, useInstallState } from "../features/pwa/install-store";
import { UpdateBar } from "../features/pwa/UpdateBar";
import { useHeightVar } from "../ui/height-var";
import { markInteracted, resetInteraction, useInteracted } from "./first-interaction";
import { activeOverlay } from "./overlay-order";

// Loaded only when needed, so the landing page's JS stays small (bench/size.ts): the install
// instructions dialog (Radix Dialog) when it opens, the accent theme (the subscriptions schema
// module, hence zod) when the member has chosen an accent colour.
const InstallInstructionsDialog = lazy(() =>
  import("../features/pwa/InstallInstructionsDialog").then((m) => ({ default: m.InstallInstructionsDialog })),
);
// The promo banner and the install card: only once the coordinator picks them.
const OverlayPromoBanner = lazy(() =>
  import("../features/promo/PromoBanner").then((m) => ({ default: m.OverlayPromoBanner })),
);
const InstallCard = lazy(() =>
  import("../features/pwa/InstallCard").then((m) => ({ default: m.InstallCard })),
);
// Usage analytics (SPEC §7): its page view waits only for this small chunk.
const UsageTracker = lazy(() =>
  import("../features/usage/UsageTracker").then((m) => ({ default: m.UsageTracker })),
);
const AccentTheme = lazy(() =>
  import("../features/subscriptions/AccentTheme").then((m) => ({ default: m.AccentTheme })),
);

function LazyOverlays() {
  const instructions = useInstallInstructions();
  const { user } = useAuth();
  // Once needed, they stay mounted (the dialog then opens and closes as before).
  const [dialogNeeded, setDialogNeeded] = useState(false);
  const [accentNeeded, setAccentNeeded] = useState(false);
  if (instructions !== null && !dialogNeeded) setDialogNeeded(true);
  if (user?.accentColor && !accentNeeded) setAccentNeeded(true);
  return (
    <Suspense fallback={null}>
      {dialogNeeded ? <InstallInstructionsDialog /> : null}
      {accentNeeded ? <AccentTheme /> : null}
    </Suspense>
  );
}

/**
 * The one overlay coordinator (overlay-order.ts): which of the cookie banner, the promo banner
 * and the install card is on screen. The cookie banner itself is rendered by AppLayout right
 * after the skip link (first in the Tab order); the others in the stack below.
 */
function useActiveOverlay() {
  const cookiePending = useConsent() === null;
  const promo = useOverlayPromoWanted();
  const install = useInstallState().visible;
  const interacted = useInteracted();
  const location = useLocation();

  // A navigation counts as doing something; the first location is the page load.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) markInteracted();
  }, [location.key]);

  // The click on "Accept All" does not count: the next overlay waits for the next action.
  const wasPending = useRef(cookiePending);
  useEffect(() => {
    if (wasPending.current && !cookiePending) resetInteraction();
    wasPending.current = cookiePending;
  }, [cookiePending]);

  return activeOverlay({ cookiePending, promo, install, interacted });
}

/** The overlays' stack's height (0 while empty): messages (toasts) show above it (toaster-view.tsx). */
const OVERLAY_STACK_VAR = "--overlay-stack-height";

/**
 * Overlays shown on every page (and the keyboard shortcuts' listener). They sit in one sticky stack at the end of the page: it stays in
 * view at the bottom while scrolling, but it is part of the page's flow, so it never covers the
 * last content (the page can always scroll past it), and its empty areas let clicks through.
 * Of the promo banner and the install card, only the one the coordinator picks is there.
 */
export function Overlays() {
  const active = useActiveOverlay();
  const stack = useRef<HTMLDivElement>(null);
  useHeightVar(stack, OVERLAY_STACK_VAR);
  return (
    <>
      <div
        ref={stack}
        className="pointer-events-none sticky bottom-0 z-30 flex flex-col gap-2 p-2 empty:hidden sm:p-3 [&>*]:pointer-events-auto"
        style={{ bottom: "var(--cookie-banner-height, 0px)" }}
      >
        <PwaModeBadge />
        <OfflineNotice />
        <UpdateBar />
        <Suspense fallback={null}>
          {active === "promo" ? <OverlayPromoBanner /> : null}
          {active === "install" ? <InstallCard /> : null}
        </Suspense>
      </div>
      <LazyOverlays />
      <KeyboardShortcuts />
      <Suspense fallback={null}>
        <UsageTracker />
      </Suspense>
    </>
  );
}

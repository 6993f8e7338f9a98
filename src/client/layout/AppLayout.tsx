import { lazy, Suspense, useSyncExternalStore } from "react";
import { Outlet } from "react-router";
import { useConsent } from "../features/consent/useConsent";
import { Spinner } from "../ui/spinner";
import { AppReady } from "./app-ready";
import { Footer } from "./Footer";
import { Logo, PublicHeader } from "./Header";

// Members' header: its own chunk (Radix tooltip/popover/dialogs, notifications, search).
const SignedInHeader = lazy(() => import("./SignedInHeader"));
// The overlays (install card, promo banner, update bar, offline notice, usage tracker) come after
// the page: its own chunk, which keeps the landing page's JavaScript within its budget.
const Overlays = lazy(() => import("./overlays").then((m) => ({ default: m.Overlays })));
// Loaded only while the visitor has not chosen (a returning visitor never loads it), which keeps
// the landing page's JavaScript within its budget (bench/size.ts).
const CookieBanner = lazy(() =>
  import("../features/consent/CookieBanner").then((m) => ({ default: m.CookieBanner })),
);

/** Same frame as the members' header while its chunk loads (no layout shift). */
function HeaderPlaceholder() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Logo />
      </div>
    </header>
  );
}

function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
    >
      Skip to main content
    </a>
  );
}

const noSubscription = () => () => {};
/**
 * False on the server and while the browser hydrates its page, true from then on: the cookie
 * banner (about cookies set by the running app) is not part of a server-rendered page.
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * The cookie banner while the visitor has not chosen, from right after hydration. Its own
 * component: the "hydrated" flag turning true re-renders it alone, not the whole page (a
 * synchronous re-render of every screen right after hydration was one long task).
 */
function CookieBannerSlot() {
  const cookieChoice = useConsent();
  const hydrated = useHydrated();
  return cookieChoice === null && hydrated ? (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  ) : null;
}

/** Page frame: skip link, header (members' or visitors'), main, footer, overlays. */
export function AppLayout({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {/* First in the Tab order after the skip link; shown fixed at the bottom. */}
      <CookieBannerSlot />
      {signedIn ? (
        <Suspense fallback={<HeaderPlaceholder />}>
          <SignedInHeader />
        </Suspense>
      ) : (
        <PublicHeader />
      )}
      {/* At least a screen tall (less the header): the footer starts below the fold, so a page
          whose content arrives after first paint does not shift it in view (CLS). */}
      <main id="main-content" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <Suspense fallback={<Spinner label="Loading..." />}>
          <Outlet />
          <AppReady />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
    </div>
  );
}

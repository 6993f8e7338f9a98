import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useConsent } from "../features/consent/useConsent";
import { Spinner } from "../ui/spinner";
import { Footer } from "./Footer";
import { FirstPaintDone } from "./first-paint";
import { Logo, PublicHeader } from "./Header";
import { Overlays } from "./overlays";

// Members' header: its own chunk (Radix tooltip/popover/dialogs, notifications, search).
const SignedInHeader = lazy(() => import("./SignedInHeader"));
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

/** Page frame: skip link, header (members' or visitors'), main, footer, overlays. */
export function AppLayout({ signedIn }: { signedIn: boolean }) {
  const cookieChoice = useConsent();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {/* First in the Tab order after the skip link; shown fixed at the bottom. */}
      {cookieChoice === null ? (
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      ) : null}
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
          <FirstPaintDone />
        </Suspense>
      </main>
      <Footer />
      <Overlays />
    </div>
  );
}

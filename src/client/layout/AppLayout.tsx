import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { CookieBanner } from "../features/consent/CookieBanner";
import { Spinner } from "../ui/spinner";
import { Footer } from "./Footer";
import { FirstPaintDone } from "./first-paint";
import { Logo, PublicHeader } from "./Header";
import { Overlays } from "./overlays";

// Members' header: its own chunk (Radix tooltip/popover/dialogs, notifications, search).
const SignedInHeader = lazy(() => import("./SignedInHeader"));

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
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {/* First in the Tab order after the skip link; shown fixed at the bottom. */}
      <CookieBanner />
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

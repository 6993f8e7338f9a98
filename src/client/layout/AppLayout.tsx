import { Suspense } from "react";
import { Outlet } from "react-router";
import { Spinner } from "../ui/spinner";
import { Footer } from "./Footer";
import { Header, PublicHeader } from "./Header";
import { Overlays } from "./overlays";

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
      {signedIn ? <Header /> : <PublicHeader />}
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<Spinner label="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Overlays />
    </div>
  );
}

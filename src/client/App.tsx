import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode, useEffect } from "react";
import { PreferencesProvider } from "./layout/preferences";
import { AppRoutes } from "./routes";
import { Toaster } from "./ui/toast";

/**
 * Marks the document once the app has taken the page over (hydrated a server-rendered page or
 * drawn a member's): `<html data-app="ready">`. Before that, a server-rendered page is only HTML
 * (the browser tests wait for it before pressing anything, e2e/fixtures.ts).
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  return null;
}

/**
 * The whole app inside its router: the browser's (main.tsx) and the server's, which renders a
 * visitor's page from the same tree (entry-server.tsx).
 */
export function App({ client, router }: { client: QueryClient; router: (routes: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <PreferencesProvider>
          {router(<AppRoutes />)}
          <Toaster />
          <AppReady />
        </PreferencesProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

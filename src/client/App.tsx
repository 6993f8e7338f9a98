import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { PreferencesProvider } from "./layout/preferences";
import { AppRoutes } from "./routes";
import { Toaster } from "./ui/toast";

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
        </PreferencesProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

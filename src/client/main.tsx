import "./zod-jitless";
import type { DehydratedState } from "@tanstack/react-query";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { ApiError } from "./api/http";
import { queryClient } from "./api/queryClient";
import { authKeys } from "./features/auth/useAuth";
import { initInstallPrompt } from "./features/pwa/install-store";
import { scheduleServiceWorkerRegistration } from "./features/pwa/service-worker";
import { watchFirstInteraction } from "./layout/first-interaction";
import { preloadPage } from "./routes";
import "./styles/index.css";

// Once per page load, before the first render (the overlays that use them come in their own chunk):
// the install timers start at load (SPEC §4), the service worker registers 1 s after the load
// event and its updates are watched (SPEC §9), the visitor's first action is noticed.
initInstallPrompt();
scheduleServiceWorkerRegistration();
watchFirstInteraction();

const root = document.getElementById("root")!;
const app = <App client={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
// A visitor's page comes rendered by the server, with the data it was drawn from (entry-server.tsx),
// and so do the few pages rendered for members too (routes.tsx `memberRender`).
const data = document.getElementById("agora-data");
if (data) {
  // The cache as the server left it (what TanStack Query's hydrate() does, without its weight).
  const cache = queryClient.getQueryCache();
  for (const { queryKey, queryHash, state } of (JSON.parse(data.textContent!) as DehydratedState).queries) {
    // An answer the page shows as an error (a model that is not there) is not asked again while hydrating.
    const e = state.error as ApiError | null;
    if (e) {
      state.error = new ApiError(e.status, e.userMessage, e.userMessage, e.code, e.fields);
      queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
    }
    cache.build(queryClient, { queryKey, queryHash }, state);
  }
  // The screen's chunks first: hydration then adopts the server's markup in one pass, instead of
  // suspending and, at the next update, drawing the page a second time (ui/preloadable.tsx).
  void preloadPage(window.location.pathname, { signedIn: queryClient.getQueryData(authKeys.me) != null })
    .catch(() => undefined)
    // As a transition, hydration runs in slices that yield to the browser (no long task).
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // A member's page: its screen's chunk and data are asked for at once, beside the first render.
  void preloadPage(window.location.pathname, {
    signedIn: true,
    search: new URLSearchParams(window.location.search),
    client: queryClient,
  }).catch(() => undefined);
  // The first render is a transition: React renders it in slices, yielding to the browser between
  // them, instead of one long task (Lighthouse "total blocking time" on a slow phone).
  startTransition(() => createRoot(root).render(app));
}

import "./zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { queryClient } from "./api/queryClient";
import { dropFirstPaint, FIRST_PAINT_MAX_MS } from "./layout/first-paint";
import { PreferencesProvider } from "./layout/preferences";
import { AppRoutes } from "./routes";
import "./styles/index.css";
import { Toaster } from "./ui/toast";

// The first render is a transition: React renders it in slices, yielding to the browser between
// them, instead of one long task (Lighthouse "total blocking time" on a slow phone).
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PreferencesProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </PreferencesProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);

// The server's first paint never outstays its welcome (layout/first-paint.tsx).
setTimeout(dropFirstPaint, FIRST_PAINT_MAX_MS);

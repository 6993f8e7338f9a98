import "./zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { queryClient } from "./api/queryClient";
import { PreferencesProvider } from "./layout/preferences";
import { AppRoutes } from "./routes";
import "./styles/index.css";
import { Toaster } from "./ui/toast";

createRoot(document.getElementById("root")!).render(
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
);

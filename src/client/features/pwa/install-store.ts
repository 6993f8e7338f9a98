import { useSyncExternalStore } from "react";
import { createInstallController, type DeferredInstallPrompt, type InstallState } from "./install-state";

/** True when the page runs as an installed app (standalone display, or iOS home-screen app). */
export function isStandalone(): boolean {
  if (typeof window === "undefined") return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || Boolean(window.matchMedia?.("(display-mode: standalone)").matches);
}

function sessionStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The one install controller of the page. */
export const installController = createInstallController({ storage: sessionStore(), isStandalone });

let started = false;

/** Listens to the browser's install events and starts the load timers (once per page load). */
export function initInstallPrompt(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's own mini-infobar away: the install card and landing button offer it.
    event.preventDefault();
    installController.offerPrompt(event as unknown as DeferredInstallPrompt);
  });
  window.addEventListener("appinstalled", () => installController.markInstalled());
  installController.start();
  // What the browser said before the app started, kept by public/theme-init.js.
  const early = window as Window & { __agoraInstallPrompt?: Event; __agoraInstalled?: boolean };
  if (early.__agoraInstalled) installController.markInstalled();
  else if (early.__agoraInstallPrompt) {
    installController.offerPrompt(early.__agoraInstallPrompt as unknown as DeferredInstallPrompt);
  }
}

/** What the server drew (it knows nothing of the browser's offer), and so what hydration starts from. */
const SERVER_STATE: InstallState = { visible: false, installed: false, promptAvailable: false };

/**
 * The install state; while a server-rendered page hydrates, the server's (an offer the browser made
 * before the app started must not change the markup being adopted: React would draw the page
 * again), and the browser's right after.
 */
export function useInstallState(): InstallState {
  return useSyncExternalStore(installController.subscribe, installController.getState, () => SERVER_STATE);
}

/** Why the manual-instructions dialog is open: no browser prompt, or the prompt failed. */
export type InstructionsReason = "unavailable" | "failed";

let instructions: InstructionsReason | null = null;
const instructionListeners = new Set<() => void>();
const setInstructions = (reason: InstructionsReason | null) => {
  instructions = reason;
  for (const l of instructionListeners) l();
};

/** Install pressed (card or landing button): the browser prompt, else manual instructions. */
export async function requestInstall(): Promise<void> {
  const result = await installController.install();
  if (result === "unavailable" || result === "failed") setInstructions(result);
}

export function closeInstallInstructions(): void {
  setInstructions(null);
}

export function useInstallInstructions(): InstructionsReason | null {
  return useSyncExternalStore(
    (listener) => {
      instructionListeners.add(listener);
      return () => instructionListeners.delete(listener);
    },
    () => instructions,
    () => null,
  );
}

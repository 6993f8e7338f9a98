/**
 * The install card's state machine (SPEC §4 "Install prompt", §9 timings), free of React and of
 * the DOM so its timing can be tested with fake timers:
 * - hidden by default;
 * - shown INSTALL_FALLBACK_MS after load as a fallback, unless the app is already installed;
 * - shown INSTALL_AFTER_EVENT_MS after the browser offers installation (`beforeinstallprompt`),
 *   unless dismissed this session (`pwa-prompt-dismissed` in session storage);
 * - the dismissed flag is cleared at each load (`start()`), so it only matters within one page
 *   session, exactly as the spec says;
 * - install success (`appinstalled`, or the browser prompt accepted) hides it; Later or close
 *   sets the flag and hides it.
 */
export const INSTALL_FALLBACK_MS = 2000;
export const INSTALL_AFTER_EVENT_MS = 3000;
export const PWA_PROMPT_DISMISSED_KEY = "pwa-prompt-dismissed";

/** The `beforeinstallprompt` event as Chromium implements it (not in TypeScript's DOM types). */
export interface DeferredInstallPrompt {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

export interface InstallState {
  /** The install card is on screen. */
  visible: boolean;
  /** Running as an installed app, or installed during this session. */
  installed: boolean;
  /** The browser offered installation and the offer has not been used yet. */
  promptAvailable: boolean;
}

/**
 * What pressing Install did: the browser prompt was accepted or dismissed; no prompt was
 * available (show manual instructions); or the prompt failed (show "Unable to show install
 * prompt. To install manually:").
 */
export type InstallResult = "accepted" | "dismissed" | "unavailable" | "failed";

type FlagStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface InstallControllerOptions {
  /** Session storage (null when the browser refuses access). */
  storage: FlagStorage | null;
  /** True when the page runs as an installed app (display-mode standalone). */
  isStandalone: () => boolean;
}

export interface InstallController {
  getState(): InstallState;
  subscribe(listener: () => void): () => void;
  /** Page load: clears the dismissed flag and starts the fallback timer. */
  start(): void;
  /** The browser offered installation. */
  offerPrompt(prompt: DeferredInstallPrompt): void;
  /** Later or close. */
  dismiss(): void;
  /** `appinstalled`. */
  markInstalled(): void;
  /** Install pressed. */
  install(): Promise<InstallResult>;
  /** Stops pending timers (tests, teardown). */
  stop(): void;
}

export function createInstallController({
  storage,
  isStandalone,
}: InstallControllerOptions): InstallController {
  let state: InstallState = { visible: false, installed: false, promptAvailable: false };
  let deferred: DeferredInstallPrompt | null = null;
  let started = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const update = (patch: Partial<InstallState>) => {
    const next = { ...state, ...patch };
    if (
      next.visible === state.visible &&
      next.installed === state.installed &&
      next.promptAvailable === state.promptAvailable
    ) {
      return;
    }
    state = next;
    for (const listener of listeners) listener();
  };

  const isDismissed = () => {
    try {
      return storage?.getItem(PWA_PROMPT_DISMISSED_KEY) === "true";
    } catch {
      return false;
    }
  };

  const setDismissed = () => {
    try {
      storage?.setItem(PWA_PROMPT_DISMISSED_KEY, "true");
    } catch {
      // storage refused (private mode): the card still hides for this view
    }
  };

  const later = (ms: number, fn: () => void) => {
    const id = setTimeout(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
  };

  const clearTimers = () => {
    for (const id of timers) clearTimeout(id);
    timers.clear();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      try {
        storage?.removeItem(PWA_PROMPT_DISMISSED_KEY);
      } catch {
        // nothing stored
      }
      if (isStandalone()) {
        update({ installed: true });
        return;
      }
      later(INSTALL_FALLBACK_MS, () => {
        if (state.installed || isStandalone() || isDismissed()) return;
        update({ visible: true });
      });
    },
    offerPrompt(prompt) {
      if (state.installed) return;
      deferred = prompt;
      update({ promptAvailable: true });
      later(INSTALL_AFTER_EVENT_MS, () => {
        if (state.installed || isDismissed()) return;
        update({ visible: true });
      });
    },
    dismiss() {
      setDismissed();
      update({ visible: false });
    },
    markInstalled() {
      deferred = null;
      clearTimers();
      update({ installed: true, visible: false, promptAvailable: false });
    },
    async install() {
      const prompt = deferred;
      if (!prompt) return "unavailable";
      // A deferred prompt can be shown once only.
      deferred = null;
      update({ promptAvailable: false });
      try {
        await prompt.prompt();
        const choice = await prompt.userChoice;
        if (choice.outcome === "accepted") update({ visible: false });
        else {
          // Declining the browser's own dialog counts as "Later" for this session.
          setDismissed();
          update({ visible: false });
        }
        return choice.outcome;
      } catch {
        return "failed";
      }
    },
    stop() {
      clearTimers();
    },
  };
}

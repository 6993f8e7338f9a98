import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createInstallController,
  type DeferredInstallPrompt,
  INSTALL_AFTER_EVENT_MS,
  INSTALL_FALLBACK_MS,
  type InstallController,
  PWA_PROMPT_DISMISSED_KEY,
} from "./install-state";

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

function fakePrompt(
  outcome: "accepted" | "dismissed" = "accepted",
  fail = false,
): DeferredInstallPrompt & { calls: number } {
  const p = {
    calls: 0,
    prompt: async () => {
      p.calls += 1;
      if (fail) throw new Error("not allowed");
    },
    userChoice: Promise.resolve({ outcome }),
  };
  return p;
}

describe("install card state machine (SPEC §4, §9)", () => {
  let controller: InstallController;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    controller?.stop();
    vi.useRealTimers();
  });

  it("is hidden by default and shows 2 s after load as a fallback", () => {
    controller = createInstallController({ storage: memoryStorage(), isStandalone: () => false });
    expect(controller.getState().visible).toBe(false);
    controller.start();
    vi.advanceTimersByTime(INSTALL_FALLBACK_MS - 1);
    expect(controller.getState().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(controller.getState()).toEqual({ visible: true, installed: false, promptAvailable: false });
  });

  it("never shows when already running installed", () => {
    controller = createInstallController({ storage: memoryStorage(), isStandalone: () => true });
    controller.start();
    controller.offerPrompt(fakePrompt());
    vi.advanceTimersByTime(10_000);
    expect(controller.getState()).toMatchObject({ visible: false, installed: true });
  });

  it("clears the session's dismissed flag at each load", () => {
    const storage = memoryStorage({ [PWA_PROMPT_DISMISSED_KEY]: "true" });
    controller = createInstallController({ storage, isStandalone: () => false });
    controller.start();
    expect(storage.map.has(PWA_PROMPT_DISMISSED_KEY)).toBe(false);
    vi.advanceTimersByTime(INSTALL_FALLBACK_MS);
    expect(controller.getState().visible).toBe(true);
  });

  it("shows 3 s after the browser offers installation", () => {
    controller = createInstallController({ storage: memoryStorage(), isStandalone: () => false });
    controller.offerPrompt(fakePrompt());
    expect(controller.getState()).toEqual({ visible: false, installed: false, promptAvailable: true });
    vi.advanceTimersByTime(INSTALL_AFTER_EVENT_MS - 1);
    expect(controller.getState().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(controller.getState().visible).toBe(true);
  });

  it("Later sets the flag, hides the card and keeps it hidden when the browser offers again", () => {
    const storage = memoryStorage();
    controller = createInstallController({ storage, isStandalone: () => false });
    controller.start();
    vi.advanceTimersByTime(INSTALL_FALLBACK_MS);
    expect(controller.getState().visible).toBe(true);
    controller.dismiss();
    expect(storage.map.get(PWA_PROMPT_DISMISSED_KEY)).toBe("true");
    expect(controller.getState().visible).toBe(false);
    controller.offerPrompt(fakePrompt());
    vi.advanceTimersByTime(INSTALL_AFTER_EVENT_MS * 2);
    expect(controller.getState()).toMatchObject({ visible: false, promptAvailable: true });
  });

  it("a dismissal between the event and its 3 s delay wins", () => {
    controller = createInstallController({ storage: memoryStorage(), isStandalone: () => false });
    controller.start();
    controller.offerPrompt(fakePrompt());
    vi.advanceTimersByTime(INSTALL_FALLBACK_MS); // the fallback shows it first
    controller.dismiss();
    vi.advanceTimersByTime(INSTALL_AFTER_EVENT_MS);
    expect(controller.getState().visible).toBe(false);
  });

  it("install success (appinstalled) hides it for good", () => {
    controller = createInstallController({ storage: memoryStorage(), isStandalone: () => false });
    controller.start();
    controller.offerPrompt(fakePrompt());
    controller.markInstalled();
    vi.advanceTimersByTime(10_000);
    expect(controller.getState()).toEqual({ visible: false, installed: true, promptAvailable: false });
  });

  it("Install uses the browser prompt once; accepted hides the card", async () => {
    controller = createInstallController({ storage: memoryStorage(), isStandalone: () => false });
    const prompt = fakePrompt("accepted");
    controller.offerPrompt(prompt);
    vi.advanceTimersByTime(INSTALL_AFTER_EVENT_MS);
    await expect(controller.install()).resolves.toBe("accepted");
    expect(prompt.calls).toBe(1);
    expect(controller.getState()).toMatchObject({ visible: false, promptAvailable: false });
    await expect(controller.install()).resolves.toBe("unavailable");
  });

  it("declining the browser prompt counts as Later", async () => {
    const storage = memoryStorage();
    controller = createInstallController({ storage, isStandalone: () => false });
    controller.offerPrompt(fakePrompt("dismissed"));
    vi.advanceTimersByTime(INSTALL_AFTER_EVENT_MS);
    await expect(controller.install()).resolves.toBe("dismissed");
    expect(storage.map.get(PWA_PROMPT_DISMISSED_KEY)).toBe("true");
    expect(controller.getState().visible).toBe(false);
  });

  it("reports no prompt and a failing prompt so the card can show manual instructions", async () => {
    controller = createInstallController({ storage: memoryStorage(), isStandalone: () => false });
    await expect(controller.install()).resolves.toBe("unavailable");
    controller.offerPrompt(fakePrompt("accepted", true));
    await expect(controller.install()).resolves.toBe("failed");
  });

  it("works without storage and notifies subscribers once per change", () => {
    controller = createInstallController({ storage: null, isStandalone: () => false });
    const listener = vi.fn();
    const unsubscribe = controller.subscribe(listener);
    controller.start();
    controller.start(); // a second start (React StrictMode) starts nothing twice
    vi.advanceTimersByTime(INSTALL_FALLBACK_MS * 3);
    expect(listener).toHaveBeenCalledTimes(1);
    controller.dismiss();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    controller.offerPrompt(fakePrompt());
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

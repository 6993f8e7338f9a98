import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("cookie consent (SPEC §4)", () => {
  let win: EventTarget & { localStorage: ReturnType<typeof memoryStorage> };
  beforeEach(() => {
    vi.resetModules();
    win = Object.assign(new EventTarget(), { localStorage: memoryStorage() });
    vi.stubGlobal("window", win);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is undecided until a choice is stored; only accepting grants analytics consent", async () => {
    const c = await import("./consent");
    expect(c.getConsent()).toBeNull();
    expect(c.hasAnalyticsConsent()).toBe(false);
    c.setConsent("declined");
    expect(win.localStorage.map.get("cookie-consent")).toBe("declined");
    expect(c.hasAnalyticsConsent()).toBe(false);
    c.setConsent("accepted");
    expect(win.localStorage.map.get("cookie-consent")).toBe("accepted");
    expect(c.getConsent()).toBe("accepted");
    expect(c.hasAnalyticsConsent()).toBe(true);
  });

  it("reads a stored choice and ignores unknown values", async () => {
    win.localStorage.setItem("cookie-consent", "accepted");
    const c = await import("./consent");
    expect(c.hasAnalyticsConsent()).toBe(true);
    win.localStorage.setItem("cookie-consent", "maybe");
    expect(c.getConsent()).toBeNull();
  });

  it('announces "consent-changed" with the new choice', async () => {
    const c = await import("./consent");
    const seen: unknown[] = [];
    win.addEventListener("consent-changed", (e) => seen.push((e as CustomEvent).detail));
    const listener = vi.fn();
    const off = c.onConsentChange(listener);
    c.setConsent("accepted");
    expect(seen).toEqual(["accepted"]);
    expect(listener).toHaveBeenCalledWith("accepted");
    off();
    c.setConsent("declined");
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("keeps the choice for the page when storage is refused", async () => {
    vi.stubGlobal(
      "window",
      Object.assign(new EventTarget(), {
        localStorage: {
          getItem: () => {
            throw new Error("denied");
          },
          setItem: () => {
            throw new Error("denied");
          },
        },
      }),
    );
    const c = await import("./consent");
    expect(c.getConsent()).toBeNull();
    c.setConsent("accepted");
    expect(c.hasAnalyticsConsent()).toBe(true);
  });
});

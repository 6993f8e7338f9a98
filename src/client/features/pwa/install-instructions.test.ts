import { describe, expect, it } from "vitest";
import { detectInstallBrowser, installInstructions } from "./install-instructions";

const UA = {
  chrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  safariIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  other: "SomeBrowser/1.0",
};

describe("manual install instructions (SPEC §8)", () => {
  it("tells browsers apart", () => {
    expect(detectInstallBrowser(UA.chrome)).toBe("chromium");
    expect(detectInstallBrowser(UA.edge)).toBe("chromium");
    expect(detectInstallBrowser(UA.chromeIos)).toBe("safari"); // iOS: Share > Add to Home Screen
    expect(detectInstallBrowser(UA.safariMac)).toBe("safari");
    expect(detectInstallBrowser(UA.safariIos)).toBe("safari");
    expect(detectInstallBrowser(UA.firefox)).toBe("firefox");
    expect(detectInstallBrowser(UA.other)).toBe("other");
  });

  it("Chrome/Edge: the install icon in the address bar or the menu", () => {
    const i = installInstructions(UA.edge);
    expect(i.label).toBe("Chrome or Edge");
    expect(i.steps.join(" ")).toMatch(/address bar/);
    expect(i.steps.join(" ")).toMatch(/menu/);
  });

  it("Safari: Share, then Add to Home Screen", () => {
    expect(installInstructions(UA.safariIos).steps.join(" ")).toMatch(/Share.*Add to Home Screen/);
  });

  it("Firefox: menu, then Install", () => {
    expect(installInstructions(UA.firefox).steps.join(" ")).toMatch(/menu.*Install/);
  });

  it("others: a generic hint", () => {
    expect(installInstructions(UA.other).label).toBe("your browser");
  });
});

import { describe, expect, it } from "vitest";
import { activeOverlay, type OverlayCandidates } from "./overlay-order";

const none: OverlayCandidates = { cookiePending: false, promo: false, install: false, interacted: false };

describe("activeOverlay (one overlay at a time)", () => {
  it("shows the cookie banner first, alone, whatever else is due", () => {
    expect(activeOverlay({ cookiePending: true, promo: true, install: true, interacted: true })).toBe(
      "cookie",
    );
    expect(activeOverlay({ ...none, cookiePending: true })).toBe("cookie");
  });

  it("shows the promo banner once the cookie choice is made, before the install card", () => {
    expect(activeOverlay({ ...none, promo: true })).toBe("promo");
    expect(activeOverlay({ ...none, promo: true, install: true, interacted: true })).toBe("promo");
  });

  it("shows the install card only after the visitor has done something", () => {
    expect(activeOverlay({ ...none, install: true })).toBeNull();
    expect(activeOverlay({ ...none, install: true, interacted: true })).toBe("install");
  });

  it("shows nothing when nothing is due", () => {
    expect(activeOverlay(none)).toBeNull();
    expect(activeOverlay({ ...none, interacted: true })).toBeNull();
  });
});

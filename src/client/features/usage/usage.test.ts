import { describe, expect, it } from "vitest";
import type { UsageEvent } from "../../../common/analytics";
import { createUsageTracker } from "./usage";

function setup(consent: { value: boolean }, path = { value: "/trending" }) {
  const sent: UsageEvent[] = [];
  const tracker = createUsageTracker({
    send: (e) => sent.push(e),
    hasConsent: () => consent.value,
    currentPath: () => path.value,
    referrer: () => "https://news.example.org/",
  });
  return { sent, tracker, path };
}

describe("usage tracker", () => {
  it("sends nothing without consent (undecided or declined)", () => {
    const { sent, tracker } = setup({ value: false });
    tracker.load();
    tracker.popstate();
    tracker.user(4);
    tracker.consentChanged();
    expect(sent).toEqual([]);
  });

  it("counts the load once, back/forward navigations, and identifies a signed-in member once", () => {
    const { sent, tracker, path } = setup({ value: true });
    tracker.load();
    tracker.load();
    tracker.user(7);
    tracker.user(7);
    path.value = "/explore";
    tracker.popstate();
    expect(sent).toEqual([
      { type: "pageview", path: "/trending", referrer: "https://news.example.org/" },
      { type: "identify", path: "/trending" },
      { type: "pageview", path: "/explore" },
    ]);
  });

  it("counts the current page when the visitor accepts, and identifies again after a new sign-in", () => {
    const consent = { value: false };
    const { sent, tracker } = setup(consent);
    tracker.load();
    tracker.user(3);
    expect(sent).toEqual([]);
    consent.value = true;
    tracker.consentChanged();
    expect(sent.map((e) => e.type)).toEqual(["pageview", "identify"]);
    tracker.user(null);
    tracker.user(3);
    expect(sent.map((e) => e.type)).toEqual(["pageview", "identify", "identify"]);
  });
});

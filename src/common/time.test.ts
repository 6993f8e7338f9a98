import { describe, expect, it } from "vitest";
import { formatPostAge, formatRelativeTime } from "./time";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("formatPostAge (SPEC §9 post age)", () => {
  it.each([
    [0, "Just now"],
    [59 * M, "Just now"],
    [H, "1 hour ago"],
    [2 * H + 5 * M, "2 hours ago"],
    [23 * H + 59 * M, "23 hours ago"],
    [D, "1 day ago"],
    [3 * D + H, "3 days ago"],
    [45 * D, "45 days ago"],
  ])("%d ms ago reads %s", (ms, expected) => {
    expect(formatPostAge(ago(ms), now)).toBe(expected);
  });

  it("accepts ISO strings and treats future times as just now", () => {
    expect(formatPostAge(ago(5 * H).toISOString(), now)).toBe("5 hours ago");
    expect(formatPostAge(new Date(now.getTime() + 10 * M), now)).toBe("Just now");
    expect(formatPostAge("not a date", now)).toBe("");
  });
});

describe("formatRelativeTime (SPEC §9 relative time helper)", () => {
  it.each([
    [0, "just now"],
    [59 * S, "just now"],
    [M, "1 minute ago"],
    [59 * M, "59 minutes ago"],
    [H, "1 hour ago"],
    [23 * H, "23 hours ago"],
    [D, "1 day ago"],
    [6 * D + 23 * H, "6 days ago"],
  ])("%d ms ago reads %s", (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(expected);
  });

  it("shows the locale date from 7 days on", () => {
    const date = ago(7 * D);
    expect(formatRelativeTime(date, now, "en-US")).toBe(date.toLocaleDateString("en-US"));
    expect(formatRelativeTime(ago(400 * D), now, "en-US")).toMatch(/2024/);
  });
});

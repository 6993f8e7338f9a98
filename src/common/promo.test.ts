import { describe, expect, it } from "vitest";
import {
  formatCountdown,
  formatDeadlineDay,
  parsePromoDeadline,
  parsePublicConfig,
  isPromoRunning,
  promoCountdown,
  resolvePromoDeadline,
} from "./promo";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatCountdown (SPEC §9)", () => {
  it('reads "Nd Nh" over a day', () => {
    expect(formatCountdown(3 * DAY + 5 * HOUR + 59 * MINUTE)).toBe("3d 5h");
    expect(formatCountdown(DAY)).toBe("1d 0h");
    expect(formatCountdown(400 * DAY)).toBe("400d 0h");
  });

  it('reads "Nh Nm" over an hour', () => {
    expect(formatCountdown(23 * HOUR + 59 * MINUTE + 59_000)).toBe("23h 59m");
    expect(formatCountdown(HOUR)).toBe("1h 0m");
    expect(formatCountdown(2 * HOUR + 7 * MINUTE)).toBe("2h 7m");
  });

  it('reads "Nm" under an hour, rounding down', () => {
    expect(formatCountdown(59 * MINUTE + 59_000)).toBe("59m");
    expect(formatCountdown(MINUTE)).toBe("1m");
    expect(formatCountdown(30_000)).toBe("0m");
    expect(formatCountdown(-5)).toBe("0m");
  });
});

describe("promoCountdown", () => {
  const deadline = new Date(2025, 11, 31, 23, 59, 59);

  it("counts down before the deadline", () => {
    expect(promoCountdown(deadline, new Date(2025, 11, 29, 20, 0, 0))).toEqual({
      expired: false,
      label: "2d 3h",
    });
    expect(promoCountdown(deadline, new Date(2025, 11, 31, 23, 0, 0))).toEqual({
      expired: false,
      label: "59m",
    });
  });

  it('reads "Offer expired" at and after the deadline', () => {
    expect(promoCountdown(deadline, deadline)).toEqual({ expired: true, label: "Offer expired" });
    expect(promoCountdown(deadline, new Date(2026, 10, 22))).toEqual({
      expired: true,
      label: "Offer expired",
    });
  });
});

describe("deadline", () => {
  it("has no built-in deadline: without the server's there is no offer", () => {
    expect(resolvePromoDeadline()).toBeNull();
    expect(resolvePromoDeadline(null)).toBeNull();
    expect(isPromoRunning(resolvePromoDeadline(), new Date(2000, 0, 1))).toBe(false);
  });

  it("uses a valid server value and ignores an invalid one", () => {
    expect(resolvePromoDeadline("2030-06-01T00:00:00Z")?.toISOString()).toBe("2030-06-01T00:00:00.000Z");
    expect(resolvePromoDeadline("not a date")).toBeNull();
    expect(parsePromoDeadline("")).toBeNull();
  });

  it("runs until the deadline and is off from the deadline on", () => {
    const deadline = new Date(2030, 5, 3, 12, 30);
    expect(isPromoRunning(deadline, new Date(2030, 5, 3, 12, 29, 59))).toBe(true);
    expect(isPromoRunning(deadline, deadline)).toBe(false);
    expect(isPromoRunning(deadline, new Date(2031, 0, 1))).toBe(false);
  });

  it('words the day as "Dec 31st"', () => {
    expect(formatDeadlineDay(new Date(2025, 11, 31))).toBe("Dec 31st");
    expect(formatDeadlineDay(new Date(2025, 0, 2))).toBe("Jan 2nd");
    expect(formatDeadlineDay(new Date(2025, 2, 3))).toBe("Mar 3rd");
    expect(formatDeadlineDay(new Date(2025, 3, 11))).toBe("Apr 11th");
    expect(formatDeadlineDay(new Date(2025, 4, 22))).toBe("May 22nd");
  });

  it("parses the public config loosely", () => {
    expect(parsePublicConfig({ promoDeadline: "2030-01-01", other: 1 })).toEqual({
      promoDeadline: "2030-01-01",
    });
    expect(parsePublicConfig({ promoDeadline: 5 })).toEqual({});
    expect(parsePublicConfig(null)).toEqual({});
    expect(parsePublicConfig([])).toEqual({});
  });
});

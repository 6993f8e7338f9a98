import { describe, expect, it } from "vitest";
import { PLAN_COMPARISON_ROWS, PLAN_ENTITLEMENTS, planFeatures } from "./plans";
import { ACCENT_COLORS, formatPlanPrice, themeUpdateSchema } from "./subscriptions";

describe("formatPlanPrice (SPEC §9: cents/100 with two decimals per interval)", () => {
  it.each([
    [999, "month", "$9.99/month"],
    [0, "month", "$0.00/month"],
    [1999, "month", "$19.99/month"],
    [500, "year", "$5.00/year"],
  ])("%i per %s reads %s", (cents, interval, text) => {
    expect(formatPlanPrice(cents, interval)).toBe(text);
  });
});

describe("plan features", () => {
  it("follow the SPEC §9 table", () => {
    expect(planFeatures("free")).toContain("5 posts per day");
    expect(planFeatures("basic")).toEqual(["25 posts per day", "Basic analytics", "Priority support"]);
    expect(planFeatures("pro")).toEqual([
      "Unlimited posts",
      "Advanced analytics",
      "Priority support",
      "Custom themes",
    ]);
    expect(planFeatures("premium")).toEqual([
      "Unlimited posts",
      "Advanced analytics",
      "Dedicated support",
      "Custom themes",
    ]);
  });

  it("comparison rows read the table's values", () => {
    const row = (name: string) => PLAN_COMPARISON_ROWS.find((r) => r.feature === name)!;
    expect(row("Posts per day").value(PLAN_ENTITLEMENTS.free)).toBe("5");
    expect(row("Posts per day").value(PLAN_ENTITLEMENTS.pro)).toBe("Unlimited");
    expect(row("Priority support").value(PLAN_ENTITLEMENTS.premium)).toBe("Dedicated");
    expect(row("Custom themes").value(PLAN_ENTITLEMENTS.basic)).toBe("No");
  });
});

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("accent palette", () => {
  it.each(Object.entries(ACCENT_COLORS))("%s keeps WCAG AA contrast in both themes", (_name, c) => {
    // Light theme: primary behind white text, and as text on white and muted backgrounds.
    expect(contrast(c.light, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.light, "#f1f5f9")).toBeGreaterThanOrEqual(4.5);
    // Dark theme: primary behind the dark foreground, and as text on the dark backgrounds.
    expect(contrast(c.dark, "#0b1120")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.dark, "#111827")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.dark, "#1e293b")).toBeGreaterThanOrEqual(4.5);
  });

  it("accepts only palette names or null", () => {
    expect(themeUpdateSchema.safeParse({ accent: "teal" }).success).toBe(true);
    expect(themeUpdateSchema.safeParse({ accent: null }).success).toBe(true);
    expect(themeUpdateSchema.safeParse({ accent: "#123456" }).success).toBe(false);
    expect(themeUpdateSchema.safeParse({ accent: "constructor" }).success).toBe(false);
  });
});

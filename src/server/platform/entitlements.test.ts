import { describe, expect, it } from "vitest";
import { accentColorFor, effectivePlan, entitlementsFor, supportPriorityFor } from "./entitlements";

const now = new Date("2030-06-01T00:00:00Z");
const member = (tier: string, expires: string | null, accentColor: string | null = null) => ({
  subscriptionTier: tier,
  subscriptionExpiresAt: expires ? new Date(expires) : null,
  accentColor,
});

describe("entitlements", () => {
  it("a paid tier counts until it expires, then Free", () => {
    expect(effectivePlan(member("pro", "2030-07-01T00:00:00Z"), now)).toBe("pro");
    expect(effectivePlan(member("pro", "2030-05-01T00:00:00Z"), now)).toBe("free");
    expect(effectivePlan(member("nonsense", null), now)).toBe("free");
  });

  it("posts per day follow the plan", () => {
    expect(entitlementsFor(member("free", null), now).postsPerDay).toBe(5);
    expect(entitlementsFor(member("basic", "2030-07-01T00:00:00Z"), now).postsPerDay).toBe(25);
    expect(entitlementsFor(member("premium", "2030-07-01T00:00:00Z"), now).postsPerDay).toBeNull();
  });

  it("support priority follows the plan", () => {
    expect(supportPriorityFor(member("free", null), now)).toBe("normal");
    expect(supportPriorityFor(member("basic", "2030-07-01T00:00:00Z"), now)).toBe("priority");
    expect(supportPriorityFor(member("premium", "2030-07-01T00:00:00Z"), now)).toBe("dedicated");
  });

  it("the accent applies only while the plan includes custom themes", () => {
    expect(accentColorFor(member("pro", "2030-07-01T00:00:00Z", "rose"), now)).toBe("rose");
    expect(accentColorFor(member("basic", "2030-07-01T00:00:00Z", "rose"), now)).toBeNull();
    expect(accentColorFor(member("pro", "2030-05-01T00:00:00Z", "rose"), now)).toBeNull();
  });
});

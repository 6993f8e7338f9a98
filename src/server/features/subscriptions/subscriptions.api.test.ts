import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTION_MESSAGES } from "../../../common/subscriptions";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

/** Plans, status, the launch offer and custom themes; Stripe is not configured here (the default). */
const DEADLINE = new Date("2031-12-31T23:59:59Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ promoDeadline: DEADLINE });
  await t.seed();
});
afterAll(async () => t?.close());

/** Registers with the clock just after the deadline: no launch offer. */
async function freeMember(): Promise<TestMember> {
  t.setNow(new Date(DEADLINE.getTime() + 1000));
  try {
    return await t.register();
  } finally {
    t.setNow(undefined);
  }
}

const statusOf = async (m: TestMember) =>
  (await t.inject({ method: "GET", url: "/api/subscription/status", as: m })).json();

describe("GET /api/subscription/plans", () => {
  it("lists the four plans of SPEC §9 to everyone, cheapest first", async () => {
    const res = await t.inject({ method: "GET", url: "/api/subscription/plans" });
    expect(res.statusCode).toBe(200);
    const plans = res.json();
    expect(plans.map((p: { name: string }) => p.name)).toEqual(["free", "basic", "pro", "premium"]);
    expect(plans.map((p: { price: number }) => p.price)).toEqual([0, 499, 999, 1999]);
    for (const p of plans) {
      expect(p).toMatchObject({ interval: "month", currency: "usd" });
      expect(typeof p.id).toBe("number");
      expect(p.description.length).toBeGreaterThan(10);
    }
    const byName = Object.fromEntries(plans.map((p: { name: string }) => [p.name, p]));
    expect(byName.free.features).toContain("5 posts per day");
    expect(byName.basic.features).toEqual(
      expect.arrayContaining(["25 posts per day", "Basic analytics", "Priority support"]),
    );
    expect(byName.pro.features).toEqual(
      expect.arrayContaining(["Unlimited posts", "Advanced analytics", "Priority support", "Custom themes"]),
    );
    expect(byName.premium.features).toContain("Dedicated support");
    expect(byName.pro.displayName).toBe("Pro");
  });

  it("seeding again changes nothing (idempotent)", async () => {
    const before = (await t.inject({ method: "GET", url: "/api/subscription/plans" })).json();
    await t.seed();
    const after = (await t.inject({ method: "GET", url: "/api/subscription/plans" })).json();
    expect(after).toEqual(before);
  });
});

describe("without Stripe configured", () => {
  it("serves no publishable key", async () => {
    const res = await t.inject({ method: "GET", url: "/api/subscription/config" });
    expect(res.json()).toEqual({ publishableKey: null });
  });

  it("answers 503 with the spec's message to a paid plan", async () => {
    const m = await freeMember();
    const res = await t.inject({
      method: "POST",
      url: "/api/subscription/create",
      as: m,
      payload: { planId: "pro" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("Payment processing is temporarily unavailable. Please contact support.");
  });

  it("still validates the plan first: unknown 400, the free plan one has 409", async () => {
    const m = await freeMember();
    const unknown = await t.inject({
      method: "POST",
      url: "/api/subscription/create",
      as: m,
      payload: { planId: "gold" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(SUBSCRIPTION_MESSAGES.unknownPlan);
    // A control character is an unknown plan too, not a database error (found by the fuzz test).
    for (const planId of ["\u0000", "pro\u0000", "\u0007"]) {
      const odd = await t.inject({
        method: "POST",
        url: "/api/subscription/create",
        as: m,
        payload: { planId },
      });
      expect(odd.statusCode, JSON.stringify(planId)).toBe(400);
      expect(odd.json().message).toBe(SUBSCRIPTION_MESSAGES.unknownPlan);
    }
    const free = await t.inject({
      method: "POST",
      url: "/api/subscription/create",
      as: m,
      payload: { planId: "free" },
    });
    expect(free.statusCode).toBe(409);
  });

  it("refuses webhooks (no secret to verify them) with 503", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
      payload: JSON.stringify({ id: "evt_1", type: "invoice.paid" }),
    });
    expect(res.statusCode).toBe(503);
  });
});

describe("GET /api/subscription/status and cancel", () => {
  it("answers SPEC §3's fields for a free member", async () => {
    const m = await freeMember();
    const res = await t.inject({ method: "GET", url: "/api/subscription/status", as: m });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscriptionTier: "free",
      subscriptionStatus: "none",
      subscriptionExpiresAt: null,
      canCancel: false,
      entitlements: { postsPerDay: 5, analytics: "none", prioritySupport: "no", customThemes: false },
    });
  });

  it("needs a session", async () => {
    expect((await t.inject({ method: "GET", url: "/api/subscription/status" })).statusCode).toBe(401);
    expect((await t.inject({ method: "POST", url: "/api/subscription/cancel" })).statusCode).toBe(401);
  });

  it("cancel with no subscription answers 400", async () => {
    const m = await freeMember();
    const res = await t.inject({ method: "POST", url: "/api/subscription/cancel", as: m });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.noSubscription);
  });
});

describe("the launch offer", () => {
  it("gives members who join before the deadline Pro for one year, free", async () => {
    const joined = new Date(DEADLINE.getTime() - 60_000);
    t.setNow(joined);
    const m = await t.register();
    const s = await statusOf(m);
    expect(s).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "promo", canCancel: false });
    expect(s.subscriptionExpiresAt).toBe(new Date("2032-12-31T23:58:59Z").toISOString());
    expect(s.entitlements).toMatchObject({ postsPerDay: null, customThemes: true, analytics: "advanced" });
    // Nothing to cancel (no payment), and Pro is the plan they already have.
    expect((await t.inject({ method: "POST", url: "/api/subscription/cancel", as: m })).statusCode).toBe(400);
    const again = await t.inject({
      method: "POST",
      url: "/api/subscription/create",
      as: m,
      payload: { planId: "pro" },
    });
    expect(again.statusCode).toBe(409);
    // The year ends: back to Free.
    t.setNow(new Date("2032-12-31T23:59:30Z"));
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: m.username, password: m.password },
    });
    const later = { ...m, cookie: String(login.headers["set-cookie"]).split(";")[0]! };
    expect(await statusOf(later)).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "expired" });
    t.setNow(undefined);
  });

  it("grants nothing after the deadline", async () => {
    t.setNow(new Date(DEADLINE.getTime() + 1000));
    const m = await t.register();
    expect(await statusOf(m)).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "none" });
    t.setNow(undefined);
  });
});

describe("custom themes", () => {
  it("refuses members whose plan has no custom themes with 403", async () => {
    const m = await freeMember();
    const res = await t.inject({
      method: "PUT",
      url: "/api/subscription/theme",
      as: m,
      payload: { accent: "rose" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.themesLocked);
  });

  it("saves a Pro member's accent on the profile and shows it on the current user", async () => {
    t.setNow(new Date(DEADLINE.getTime() - 1000));
    const m = await t.register();
    t.setNow(undefined);
    const res = await t.inject({
      method: "PUT",
      url: "/api/subscription/theme",
      as: m,
      payload: { accent: "emerald" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accentColor: "emerald" });
    const me = await t.inject({ method: "GET", url: "/api/auth/me", as: m });
    expect(me.json().accentColor).toBe("emerald");
    // Back to the default.
    await t.inject({ method: "PUT", url: "/api/subscription/theme", as: m, payload: { accent: null } });
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).json().accentColor).toBeNull();
  });

  it.each([
    [{ accent: "#ff0000" }],
    [{ accent: "red; background:url(x)" }],
    [{}],
    [{ accent: "rose", x: 1 }],
  ])("refuses a colour outside the palette %# with 400", async (payload) => {
    t.setNow(new Date(DEADLINE.getTime() - 1000));
    const m = await t.register();
    t.setNow(undefined);
    const res = await t.inject({ method: "PUT", url: "/api/subscription/theme", as: m, payload });
    expect(res.statusCode).toBe(400);
  });

  it("stops applying the accent once the plan ends", async () => {
    t.setNow(new Date(DEADLINE.getTime() - 1000));
    const m = await t.register();
    await t.inject({ method: "PUT", url: "/api/subscription/theme", as: m, payload: { accent: "violet" } });
    t.setNow(undefined);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).json().accentColor).toBe("violet");
    await t.exec(`UPDATE users SET subscription_expires_at = now() - interval '1 day' WHERE id = ${m.id}`);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).json().accentColor).toBeNull();
  });
});

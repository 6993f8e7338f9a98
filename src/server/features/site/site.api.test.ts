import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";

/** GET /api/public-config: the launch offer's deadline reaches the client from PROMO_DEADLINE. */
describe("GET /api/public-config", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it("answers no deadline when PROMO_DEADLINE is unset: a fresh install shows no offer", async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.inject({ method: "GET", url: "/api/public-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ promoDeadline: null });
  });

  it("answers the configured deadline as ISO-8601", async () => {
    const t = await createTestApp({}, { PROMO_DEADLINE: "2030-06-03T12:30:00Z" });
    apps.push(t);
    const res = await t.inject({ method: "GET", url: "/api/public-config" });
    expect(res.json()).toEqual({ promoDeadline: "2030-06-03T12:30:00.000Z" });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";
import { ORIGIN_MESSAGES } from "./security";

/** Issue 25, items 5c and 5d: personal answers are not cached; cookie writes name their origin. */
let t: TestApp;
let m: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  m = await t.register();
});
afterAll(async () => t?.close());

describe("Cache-Control on answers that depend on the session", () => {
  it.each([
    "/api/auth/me",
    "/api/notifications",
    "/api/account/notification-preferences",
    "/api/subscription/status",
    "/api/posts",
  ])("GET %s signed in is private, no-store", async (url) => {
    const res = await t.inject({ method: "GET", url, as: m });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("applies to errors and writes of a signed-in member too", async () => {
    const bad = await t.inject({ method: "GET", url: "/api/users/999999999", as: m });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers["cache-control"]).toBe("private, no-store");
    const put = await t.inject({
      method: "PUT",
      url: "/api/profile",
      payload: { bio: "Still here" },
      as: m,
    });
    expect(put.statusCode).toBe(200);
    expect(put.headers["cache-control"]).toBe("private, no-store");
  });

  it("leaves signed-out public answers alone", async () => {
    const res = await t.inject({ method: "GET", url: "/api/posts" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBeUndefined();
  });
});

describe("cookie-authenticated writes without Origin or Referer", () => {
  const put = (headers: Record<string, string>) =>
    t.inject({ method: "PUT", url: "/api/profile", payload: { bio: "From a script" }, headers, as: m });

  it("refuses them with 403 origin_required", async () => {
    const res = await put({ origin: "" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ORIGIN_MESSAGES.missing, code: "origin_required" });
  });

  it("accepts the app's own Origin, or its Referer when a browser sends no Origin", async () => {
    expect((await put({ origin: t.ctx.config.appOrigin })).statusCode).toBe(200);
    expect((await put({ referer: `${t.ctx.config.appOrigin}/profile/edit` })).statusCode).toBe(200);
  });

  it("refuses a foreign Origin or Referer", async () => {
    expect((await put({ origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await put({ referer: "https://evil.example/page" })).statusCode).toBe(403);
  });

  it("does not ask it of writes without a session (sign-in, the Stripe webhook)", async () => {
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: m.username, password: m.password },
      headers: { origin: "" },
    });
    expect(login.statusCode).toBe(200);
    const hook = await t.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      payload: "{}",
      headers: { origin: "", "content-type": "application/json", cookie: m.cookie },
    });
    // Refused for its missing signature (payments are not configured here), not for its origin.
    expect(hook.json().code).not.toBe("origin_required");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import type { SessionUser } from "./context";

// `request.user` carries no secret (issue 20): the type has no password hash…
type HasHash = "passwordHash" extends keyof SessionUser ? true : false;
const noHashInType: HasHash = false;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {},
    {
      // …and neither has the object a handler gets: a probe route shows what the session set.
      extend: (app) => {
        // Outside /api: the API is exactly the contract (app.ts); the session hook runs for every route.
        app.get("/test/session-user", async (request) => ({
          keys: Object.keys(request.user ?? {}),
          text: JSON.stringify(request.user),
        }));
      },
    },
  );
});
afterAll(async () => t?.close());

describe("request.user", () => {
  it("is the signed-in member without the password hash", async () => {
    expect(noHashInType).toBe(false);
    const m = await t.register({ password: "correct horse" });
    const first = await t.inject({ method: "GET", url: "/test/session-user", as: m });
    expect(first.statusCode).toBe(200);
    const { keys, text } = first.json() as { keys: string[]; text: string };
    expect(keys).toEqual(expect.arrayContaining(["id", "username", "email", "isAdmin"]));
    expect(keys).not.toContain("passwordHash");
    expect(text).not.toMatch(/scrypt|password/i);
    // The cached session (second request) is no different.
    const again = (await t.inject({ method: "GET", url: "/test/session-user", as: m })).json();
    expect(again.keys).not.toContain("passwordHash");
  });

  it("still lets the member change the password, which reads the hash by id", async () => {
    const m = await t.register({ password: "correct horse" });
    const wrong = await t.inject({
      method: "PUT",
      url: "/api/account/password",
      payload: { currentPassword: "wrong horse", newPassword: "battery staple" },
      as: m,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong_password");
    const ok = await t.inject({
      method: "PUT",
      url: "/api/account/password",
      payload: { currentPassword: "correct horse", newPassword: "battery staple" },
      as: m,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_MESSAGES } from "../../../common/email-verification";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

/**
 * Issue 25, item 1: an ADMIN_EMAILS address grants admin only once the link mailed to it has
 * been followed; claiming it (registering with it, or changing one's email to it) gives nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ["admin@example.test", "owner@example.test"] });
});
afterAll(async () => t?.close());

let ip = 0;
const login = async (m: TestMember) => {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: m.username, password: m.password },
    remoteAddress: `10.90.0.${++ip}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, cookie: String(res.headers["set-cookie"]).split(";")[0]! };
};
const me = (m: TestMember) => t.inject({ method: "GET", url: "/api/auth/me", as: m });
const adminUsers = (m: TestMember) => t.inject({ method: "GET", url: "/api/admin/users", as: m });
const follow = (token: string, as?: TestMember) =>
  t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token }, as });
const changeEmail = (m: TestMember, email: string) =>
  t.inject({ method: "PUT", url: "/api/account/email", payload: { email, password: m.password }, as: m });

describe("ADMIN_EMAILS and verification", () => {
  it("registering with a listed address gives no admin until its link is followed", async () => {
    const claimer = await t.register({ email: "Admin@Example.test" });
    expect((await me(claimer)).json()).toMatchObject({ role: "member", emailVerified: false });
    expect((await adminUsers(claimer)).statusCode).toBe(403);

    const token = await t.verificationToken("admin@example.test");
    const res = await follow(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(VERIFY_MESSAGES.verified);
    expect((await me(claimer)).json()).toMatchObject({ role: "admin", emailVerified: true });
    expect((await adminUsers(claimer)).statusCode).toBe(200);
  });

  it("changing one's email to a listed address gives no admin until its link is followed", async () => {
    const m = await t.register();
    await t.verifyEmail(m);
    const put = await changeEmail(m, "OWNER@example.test");
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ role: "member", email: "owner@example.test", emailVerified: false });
    expect((await adminUsers(m)).statusCode).toBe(403);

    // Another member's link, followed by the claimer, verifies that member's address only.
    const other = await t.register();
    const othersToken = await t.verificationToken(other.email);
    expect((await follow(othersToken, m)).statusCode).toBe(200);
    expect((await me(other)).json().emailVerified).toBe(true);
    expect((await me(m)).json()).toMatchObject({ role: "member", emailVerified: false });
    expect((await adminUsers(m)).statusCode).toBe(403);

    await t.verifyEmail({ email: "owner@example.test" });
    expect((await me(m)).json()).toMatchObject({ role: "admin", emailVerified: true });
    expect((await adminUsers(m)).statusCode).toBe(200);
  });

  it("refuses a used, an expired, an unknown and an outdated link with a clear message", async () => {
    const m = await t.register();
    const token = await t.verificationToken(m.email);
    expect((await follow(token)).statusCode).toBe(200);
    const used = await follow(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({
      message: VERIFY_MESSAGES.invalidToken,
      code: "invalid_verification_token",
    });

    const late = await t.register();
    const lateToken = await t.verificationToken(late.email);
    t.setNow(new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000));
    try {
      const expired = await follow(lateToken);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(VERIFY_MESSAGES.invalidToken);
    } finally {
      t.setNow(undefined);
    }
    expect((await me(late)).json().emailVerified).toBe(false);

    expect((await follow("not-a-token")).statusCode).toBe(400);

    // A link mailed to the old address dies when the address changes; the new one gets its own.
    const mover = await t.register();
    const oldToken = await t.verificationToken(mover.email);
    const moved = `moved-${mover.username}@example.com`;
    expect((await changeEmail(mover, moved)).statusCode).toBe(200);
    expect((await follow(oldToken)).statusCode).toBe(400);
    await t.verifyEmail({ email: moved });
    expect((await me(mover)).json()).toMatchObject({ email: moved, emailVerified: true });
  });

  it("changing the email clears the verification and signs out every other session", async () => {
    const m = await t.register();
    await t.verifyEmail(m);
    const phone = await login(m);
    const put = await changeEmail(m, `new-${m.username}@example.com`);
    expect(put.json().emailVerified).toBe(false);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(m)).statusCode).toBe(200);
  });

  it("mails the link again on request, at most 3 an hour, and not once verified", async () => {
    const m = await t.register();
    const first = await t.verificationToken(m.email);
    const resend = () => t.inject({ method: "POST", url: "/api/account/verification-email", as: m });
    const again = await resend();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(VERIFY_MESSAGES.sent);
    const second = await t.verificationToken(m.email);
    expect(second).not.toBe(first);
    // The newest link replaces the older ones.
    expect((await follow(first)).statusCode).toBe(400);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: VERIFY_MESSAGES.rateLimited, code: "rate_limited" });
    await t.verifyEmail(m);
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe("already_verified");
    expect((await t.inject({ method: "POST", url: "/api/account/verification-email" })).statusCode).toBe(401);
  });

  it("keeps emailVerified out of public answers", async () => {
    const m = await t.register();
    const res = await t.inject({ method: "GET", url: `/api/users/${m.id}` });
    expect(res.json()).not.toHaveProperty("emailVerified");
    expect(res.json()).not.toHaveProperty("email");
  });
});

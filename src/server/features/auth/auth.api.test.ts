import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../../common/constants";
import { createTestApp, type TestApp } from "../../test/harness";
import { extractResetLink } from "../../test/mail-parse";
import { settlePasswordResetTasks } from "../password-reset/public";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ["boss@example.com"] });
});
afterAll(async () => t?.close());

describe("registration", () => {
  it("creates the member, signs them in and never returns the hash", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { username: "  ada_l  ", email: "Ada@Example.com", password: "secret1", generation: "genx" },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: "ada_l",
      email: "ada@example.com",
      generation: "genx",
      role: "member",
    });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toContain(`${SESSION_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await t.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: setCookie.split(";")[0]! },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe("ada_l");
  });

  it("defaults the generation to millennial", async () => {
    const m = await t.register({ generation: undefined });
    const me = await t.inject({ method: "GET", url: "/api/auth/me", as: m });
    expect(me.json().generation).toBe("millennial");
  });

  it("refuses a taken username ignoring case, and a taken email, with 409", async () => {
    await t.register({ username: "Grace", email: "grace@example.com" });
    const byName = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { username: "grace", email: "other@example.com", password: "secret1", generation: "genz" },
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe("Username is already taken");
    expect(byName.json().code).toBe("username_taken");
    const byEmail = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { username: "grace2", email: "GRACE@example.com", password: "secret1", generation: "genz" },
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().code).toBe("email_taken");
  });

  it("answers a validation 400 with code validation_failed and each field's message by its path", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { username: "ab", email: "not-an-email", password: "12345" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "validation_failed",
      message: expect.any(String),
      fields: {
        username: "Username must be at least 3 characters",
        email: "Please enter a valid email address",
        password: "Password must be at least 6 characters",
      },
    });
  });

  it.each([
    [{ username: "ab", email: "x@y.io", password: "secret1" }, "Username must be at least 3 characters"],
    [{ username: "   ", email: "x@y.io", password: "secret1" }, "Username is required"],
    [{ email: "x@y.io", password: "secret1" }, "Username is required"],
    [{ username: "abc", email: "", password: "secret1" }, "Email is required"],
    [{ username: "abc", email: "not-an-email", password: "secret1" }, "Please enter a valid email address"],
    [{ username: "abc", email: "x@y.io", password: "" }, "Password is required"],
    [{ username: "abc", email: "x@y.io", password: "12345" }, "Password must be at least 6 characters"],
    [
      { username: "abc", email: "x@y.io", password: "secret1", generation: "alpha" },
      "Generation must be one of",
    ],
    [{ username: "a".repeat(100_000), email: "x@y.io", password: "secret1" }, "at most"],
    [{ username: "abc\u0000def", email: "x@y.io", password: "secret1" }, "may only contain"],
    [{ username: "abc", email: "x@y.io", password: "secret1", role: "admin" }, "Unknown field"],
    [{ username: 42, email: "x@y.io", password: "secret1" }, "Username is required"],
  ])("refuses bad input %# with a 400 a person understands", async (payload, message) => {
    const before = await t.inject({ method: "GET", url: "/api/stats" });
    const res = await t.inject({ method: "POST", url: "/api/auth/register", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const after = await t.inject({ method: "GET", url: "/api/stats" });
    expect(after.json().members).toBe(before.json().members);
  });

  it("answers 400, not 500, to a body that is not JSON or not an object", async () => {
    const notJson = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe("invalid_body");
    const arr = await t.inject({ method: "POST", url: "/api/auth/register", payload: [1, 2] });
    expect(arr.statusCode).toBe(400);
  });

  it("refuses a JSON body over 1 MB with 413", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { username: "big", email: "x@y.io", password: "x".repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it("grants the admin role to an ADMIN_EMAILS address only once it is verified (issue 25)", async () => {
    const boss = await t.register({ email: "boss@example.com" });
    const before = await t.inject({ method: "GET", url: "/api/auth/me", as: boss });
    expect(before.json()).toMatchObject({ role: "member", emailVerified: false });
    await t.verifyEmail(boss);
    const me = await t.inject({ method: "GET", url: "/api/auth/me", as: boss });
    expect(me.json()).toMatchObject({ role: "admin", emailVerified: true });
  });
});

describe("login and logout", () => {
  it("signs in by username (any case) with a new session each time, and logs out", async () => {
    const m = await t.register({ username: "Linus", password: "kernel123" });
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "linus", password: "kernel123" },
      headers: { cookie: m.cookie },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers["set-cookie"]).split(";")[0]!;
    expect(cookie).not.toBe(m.cookie);
    // The session the request came with was replaced, not kept (no fixation).
    expect(
      (await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: m.cookie } })).statusCode,
    ).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(
      200,
    );

    const out = await t.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it("answers the same 401 for a wrong password and an unknown user", async () => {
    await t.register({ username: "hopper", password: "cobol123" });
    const wrong = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "hopper", password: "nope123" },
      remoteAddress: "10.9.9.1",
    });
    const unknown = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "nobody_here", password: "nope123" },
      remoteAddress: "10.9.9.1",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  const loginFrom = (username: string, password: string, ip: string) =>
    t.inject({ method: "POST", url: "/api/auth/login", payload: { username, password }, remoteAddress: ip });

  it("does not let wrong passwords from other addresses lock the owner out (issue 25)", async () => {
    // Ten wrong passwords from ten addresses: the old per-username limit locked the account
    // after ten failures from anywhere.
    await t.register({ username: "target", password: "correct1" });
    for (let a = 0; a < 10; a++) {
      expect((await loginFrom("target", `wrong${a}xx`, `10.50.${a}.9`)).statusCode).toBe(401);
    }
    const owner = await loginFrom("target", "correct1", "10.50.99.1");
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("stops guessing from one address with a 429 that says rate limit, even the right password", async () => {
    await t.register({ username: "target2", password: "correct1" });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await loginFrom("target2", `wrong${i}xx`, "10.51.0.1");
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: "rate_limited" });
      if (res.statusCode === 429) expect(res.json().message).toContain("rate limit");
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await loginFrom("target2", "correct1", "10.51.0.1")).statusCode).toBe(429);
    // Another address of the same IPv6 /64 is the same client; one outside it is not.
    for (let i = 0; i < 10; i++) await loginFrom("target2", `wrong${i}yy`, `2001:db8:51:1::${i + 1}`);
    expect((await loginFrom("target2", "correct1", "2001:db8:51:1:ffff::1")).statusCode).toBe(429);
    expect((await loginFrom("target2", "correct1", "2001:db8:51:2::1")).statusCode).toBe(200);
  });

  it("limits one address across usernames", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await loginFrom(`nobody${i}`, "wrong1xx", "10.52.0.1")).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("a password reset clears the username's counter for the address it came from", async () => {
    const m = await t.register({ username: "target3", password: "correct1" });
    for (let i = 0; i < 10; i++) await loginFrom("target3", `wrong${i}xx`, "10.53.0.1");
    expect((await loginFrom("target3", "correct1", "10.53.0.1")).statusCode).toBe(429);
    const forgot = await t.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: m.email },
      remoteAddress: "10.53.0.1",
    });
    expect(forgot.statusCode).toBe(200);
    await settlePasswordResetTasks(t.ctx);
    const mail = await t.latestMailTo(m.email, /Reset your/);
    const token = new URL(extractResetLink(mail.text)).searchParams.get("token")!;
    const reset = await t.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "brandnew1" },
      remoteAddress: "10.53.0.1",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await loginFrom("target3", "brandnew1", "10.53.0.1")).statusCode).toBe(200);
  });

  it("answers 401 to /me when signed out and for a forged cookie", async () => {
    expect((await t.inject({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    const forged = await t.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("expires sessions after 30 days without use", async () => {
    const m = await t.register();
    t.setNow(new Date(Date.now() + 31 * 24 * 3600 * 1000));
    try {
      expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).statusCode).toBe(401);
    } finally {
      t.setNow(undefined);
    }
  });
});

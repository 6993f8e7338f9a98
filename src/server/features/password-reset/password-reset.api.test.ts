import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_MESSAGES } from "../../../common/password-reset";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { settlePasswordResetTasks } from "./service";
import { extractResetLink, type SmtpSink, startSmtpSink } from "../../test/smtp-sink";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ smtpUrl: sink.url });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let ipCounter = 0;
/** Each call from its own address, so the per-IP limit only trips where a test wants it to. */
const nextIp = () => {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

const forgot = (email: string, ip = nextIp()) =>
  t.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, extra: { cookie?: string } = {}) =>
  t.inject({
    method: "POST",
    url: "/api/auth/reset-password",
    payload: { token, password },
    remoteAddress: nextIp(),
    headers: extra.cookie ? { cookie: extra.cookie } : {},
  });
const login = (username: string, password: string) =>
  t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    remoteAddress: nextIp(),
  });

/** Requests a reset and answers the token from the mail that arrives (the nth reset mail to that member). */
async function requestToken(m: TestMember, nth = 1): Promise<{ link: string; token: string }> {
  const res = await forgot(m.email);
  expect(res.statusCode).toBe(200);
  await settlePasswordResetTasks(t.ctx);
  const isReset = (mail: { to: string[]; subject: string }) =>
    mail.to.includes(m.email) && /Reset your/.test(mail.subject);
  await sink.waitFor((mail) => isReset(mail) && sink.messages.filter(isReset).length >= nth);
  const mail = sink.messages.filter(isReset)[nth - 1]!;
  const link = extractResetLink(mail.text);
  return { link, token: new URL(link).searchParams.get("token")! };
}

describe("forgot-password", () => {
  it("mails a link to APP_URL/reset-password that works exactly once", async () => {
    const m = await t.register({ password: "oldpass1" });
    const res = await forgot(m.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_MESSAGES.sent });
    await settlePasswordResetTasks(t.ctx);
    const mail = await sink.waitFor((x) => x.to.includes(m.email) && /Reset your/.test(x.subject));
    const link = extractResetLink(mail.text);
    expect(link.startsWith(`${t.ctx.config.appUrl}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get("token")!;
    expect(token).toMatch(/^[\w-]{43}$/); // 32 random bytes, base64url
    expect(mail.html).toContain(link);
    expect(mail.text).toMatch(/30 minutes/);

    const ok = await reset(token, "newpass1");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: RESET_MESSAGES.success });
    expect((await login(m.username, "newpass1")).statusCode).toBe(200);
    expect((await login(m.username, "oldpass1")).statusCode).toBe(401);

    const again = await reset(token, "another1");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain("The link may have expired");
    expect((await login(m.username, "newpass1")).statusCode).toBe(200);

    // The member is told their password changed.
    await sink.waitFor((x) => x.to.includes(m.email) && /password was changed/.test(x.subject));
  });

  it("stores only a hash of the token", async () => {
    const m = await t.register();
    const { token } = await requestToken(m);
    const rows = await t.ctx.db.query.passwordResetTokens.findMany({
      where: (r, { eq }) => eq(r.userId, m.id),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(30 * 60 * 1000);
  });

  it("answers the same status and message for an unknown email, and sends nothing", async () => {
    const m = await t.register();
    const before = sink.messages.length;
    const unknownEmail = `nobody-${Date.now()}@example.com`;
    const unknown = await forgot(unknownEmail);
    const known = await forgot(m.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers["content-type"]).toBe(known.headers["content-type"]);
    await settlePasswordResetTasks(t.ctx);
    await sink.waitFor((x) => x.to.includes(m.email) && /Reset your/.test(x.subject));
    await t.ctx.mailer.idle();
    expect(sink.messages.slice(before).some((x) => x.to.includes(unknownEmail))).toBe(false);
  });

  it("answers before the mail is sent, so a slow mail server does not reveal the account", async () => {
    const m = await t.register();
    await t.ctx.mailer.idle();
    sink.delayMs = 1500;
    try {
      const started = Date.now();
      const known = await forgot(m.email);
      const knownMs = Date.now() - started;
      const started2 = Date.now();
      const unknown = await forgot(`ghost-${Date.now()}@example.com`);
      const unknownMs = Date.now() - started2;
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(knownMs).toBeLessThan(1000);
      expect(unknownMs).toBeLessThan(1000);
      await settlePasswordResetTasks(t.ctx);
      await t.ctx.mailer.idle();
    } finally {
      sink.delayMs = 0;
    }
  });

  it("a new request invalidates the older token", async () => {
    const m = await t.register();
    const first = await requestToken(m, 1);
    const second = await requestToken(m, 2);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, "newpass1")).statusCode).toBe(400);
    expect((await reset(second.token, "newpass2")).statusCode).toBe(200);
    expect((await login(m.username, "newpass2")).statusCode).toBe(200);
  });

  it("tokens expire after 30 minutes", async () => {
    const base = new Date(Date.now() + 24 * 3600 * 1000);
    const m = await t.register();
    try {
      t.setNow(base);
      const a = await requestToken(m, 1);
      t.setNow(new Date(base.getTime() + 31 * 60 * 1000));
      const expired = await reset(a.token, "newpass1");
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(RESET_MESSAGES.invalidToken);

      t.setNow(base);
      const b = await requestToken(m, 2);
      t.setNow(new Date(base.getTime() + 29 * 60 * 1000));
      expect((await reset(b.token, "newpass1")).statusCode).toBe(200);
    } finally {
      t.setNow(undefined);
    }
  });

  it("limits requests per email and per IP with a 429 that says rate limit", async () => {
    const m = await t.register();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(m.email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await forgot(m.email.toUpperCase());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain("rate limit");

    const ip = "10.66.6.6";
    const byIp: number[] = [];
    for (let i = 0; i < 21; i++)
      byIp.push((await forgot(`someone${i}-${Date.now()}@example.com`, ip)).statusCode);
    expect(byIp.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(byIp[20]).toBe(429);
    await settlePasswordResetTasks(t.ctx);
  });

  it.each([
    [{}, RESET_MESSAGES.emailRequired],
    [{ email: "   " }, RESET_MESSAGES.emailRequired],
    [{ email: "not-an-email" }, RESET_MESSAGES.emailInvalid],
    [{ email: 42 }, RESET_MESSAGES.emailRequired],
    [{ email: `${"a".repeat(300)}@x.io` }, RESET_MESSAGES.emailInvalid],
    [{ email: "a@b.io", admin: true }, "Unknown field"],
  ])("refuses bad input %# with a 400", async (payload, message) => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("reset-password", () => {
  it("ends every session of the member, including the one it came from", async () => {
    const m = await t.register({ password: "oldpass1" });
    const second = await login(m.username, "oldpass1");
    const otherCookie = String(second.headers["set-cookie"]).split(";")[0]!;
    expect(
      (await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: otherCookie } })).statusCode,
    ).toBe(200);
    const bystander = await t.register();

    const { token } = await requestToken(m);
    const res = await reset(token, "newpass1", { cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/agora_session=;/);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: otherCookie } })).statusCode,
    ).toBe(401);
    // Other members keep their sessions.
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: bystander })).statusCode).toBe(200);
  });

  it("enforces the password rules without consuming the token", async () => {
    const m = await t.register();
    const { token } = await requestToken(m);
    const short = await reset(token, "12345");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 6 characters");
    const empty = await reset(token, "");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Password is required");
    expect((await reset(token, "x".repeat(201))).statusCode).toBe(400);
    expect((await reset(token, "goodpass1")).statusCode).toBe(200);
  });

  it.each([
    [{ token: "definitely-not-a-token", password: "secret12" }, RESET_MESSAGES.invalidToken],
    [{ token: "", password: "secret12" }, RESET_MESSAGES.invalidToken],
    [{ password: "secret12" }, RESET_MESSAGES.invalidToken],
    [{ token: "x".repeat(5000), password: "secret12" }, RESET_MESSAGES.invalidToken],
    [{ token: "abc", password: "secret12", userId: 1 }, "Unknown field"],
  ])("refuses an unknown or malformed token %# with a 400", async (payload, message) => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("limits reset attempts per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token: `guess-${i}`, password: "secret12" },
        remoteAddress: "10.88.8.8",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("mail delivery", () => {
  it("sends a welcome mail on registration", async () => {
    const m = await t.register();
    const mail = await sink.waitFor((x) => x.to.includes(m.email) && /Welcome/.test(x.subject));
    expect(mail.text).toContain(m.username);
    expect(mail.text).toContain(t.ctx.config.appUrl);
  });

  it("a failing mail server never fails the request", async () => {
    const m = await t.register();
    await t.ctx.mailer.idle();
    sink.failWith = 550;
    try {
      const res = await forgot(m.email);
      expect(res.statusCode).toBe(200);
      await settlePasswordResetTasks(t.ctx);
      await t.ctx.mailer.idle();
      expect(await t.ctx.mailer.pendingRetries()).toBe(0); // 5xx is permanent: not retried
    } finally {
      sink.failWith = undefined;
    }
  });
});

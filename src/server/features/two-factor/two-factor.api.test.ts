import { sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../../common/constants";
import { TWO_FACTOR_MESSAGES } from "../../../common/two-factor";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

/**
 * Issue 24 §1 and §5: two-factor sign-in with time-based codes, and the attacks on it (replay,
 * brute force, recovery code reuse, pending-token misuse, enumeration).
 */
let t: TestApp;
// A fixed clock at the start of a 30-second step, moved by hand: codes never straddle a step.
const STEP_MS = 30_000;
let clock = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1_000;
const tick = (steps = 1) => {
  clock += steps * STEP_MS;
  t.setNow(new Date(clock));
};
let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 200)}.${ip % 200}`;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date(clock));
});
afterAll(async () => t?.close());

const codeAt = (secret: string, at = clock) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers["set-cookie"] ?? "")
    .split(";")[0]!
    .trim();

const login = (m: Pick<TestMember, "username" | "password">, remoteAddress = nextIp()) =>
  t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: m.username, password: m.password },
    remoteAddress,
  });
const secondStep = (pendingToken: string, code: string, remoteAddress = nextIp()) =>
  t.inject({ method: "POST", url: "/api/auth/two-factor", payload: { pendingToken, code }, remoteAddress });
const pendingTokenOf = async (m: TestMember) => {
  const res = await login(m);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ twoFactorRequired: true });
  return res.json().pendingToken as string;
};

/** Registers a member and turns two-factor sign-in on; answers the secret and recovery codes. */
async function enrolled(): Promise<{ m: TestMember; secret: string; codes: string[] }> {
  const m = await t.register();
  const setup = await t.inject({
    method: "POST",
    url: "/api/account/two-factor/setup",
    as: m,
    payload: { password: m.password },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  const on = await t.inject({
    method: "POST",
    url: "/api/account/two-factor/enable",
    as: m,
    payload: { code: codeAt(secret) },
  });
  expect(on.statusCode, on.body).toBe(200);
  tick();
  return { m, secret, codes: on.json().recoveryCodes };
}

describe("enrolment", () => {
  it("needs the password, shows a QR code and the secret, and is confirmed by a first code", async () => {
    const m = await t.register();
    const wrong = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/setup",
      as: m,
      payload: { password: "not-my-password" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong_password");

    const setup = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/setup",
      as: m,
      payload: { password: m.password },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/AI%20Agora:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1], "base64").toString()).toContain("<svg");

    // Not on until confirmed: sign-in still gives a session at once.
    expect(cookieOf(await login(m))).toContain(SESSION_COOKIE);
    const status = await t.inject({ method: "GET", url: "/api/account/two-factor", as: m });
    expect(status.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });

    const bad = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/enable",
      as: m,
      payload: { code: String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, "0") },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: "invalid_code", message: TWO_FACTOR_MESSAGES.codeInvalid });

    const on = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/enable",
      as: m,
      payload: { code: codeAt(secret) },
    });
    expect(on.statusCode, on.body).toBe(200);
    const codes: string[] = on.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await t.inject({ method: "GET", url: "/api/account/two-factor", as: m });
    expect(after.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    // The secret is never sent again, and a second setup cannot replace it.
    expect(after.body).not.toContain(secret);
    const again = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/setup",
      as: m,
      payload: { password: m.password },
    });
    expect(again.statusCode).toBe(409);
    tick();
  });

  it("stores the secret encrypted and the recovery codes hashed", async () => {
    const { m, secret, codes } = await enrolled();
    const [row] = await queryRows<{ secret_enc: string }>(
      t.ctx.db,
      sql`SELECT secret_enc FROM two_factor WHERE user_id = ${m.id}`,
    );
    expect(row!.secret_enc).not.toContain(secret);
    expect(row!.secret_enc).toMatch(/^v1\./);
    const hashes = await queryRows<{ code_hash: string }>(
      t.ctx.db,
      sql`SELECT code_hash FROM recovery_codes WHERE user_id = ${m.id}`,
    );
    expect(hashes).toHaveLength(10);
    const stored = hashes.map((h) => h.code_hash).join(" ");
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace("-", ""));
    }
  });

  it("turning it on ends the member's other sessions", async () => {
    const m = await t.register();
    const elsewhere = cookieOf(await login(m));
    const setup = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/setup",
      as: m,
      payload: { password: m.password },
    });
    await t.inject({
      method: "POST",
      url: "/api/account/two-factor/enable",
      as: m,
      payload: { code: codeAt(setup.json().secret) },
    });
    tick();
    const me = (cookie: string) => t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(m.cookie)).statusCode).toBe(200);
  });
});

describe("signing in with a second step", () => {
  it("the password step gives a pending token and no session; a code gives the session", async () => {
    const { m, secret } = await enrolled();
    const res = await login(m);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      twoFactorRequired: true,
      pendingToken: expect.any(String),
      expiresInSeconds: 300,
    });
    expect(String(res.headers["set-cookie"] ?? "")).not.toContain(SESSION_COOKIE);
    expect(res.body).not.toContain(m.email);

    const done = await secondStep(res.json().pendingToken, codeAt(secret));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: m.id, username: m.username });
    const cookie = cookieOf(done);
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    tick();
  });

  it("refuses a code used once already (replay), even within its window", async () => {
    const { m, secret } = await enrolled();
    const code = codeAt(secret);
    expect((await secondStep(await pendingTokenOf(m), code)).statusCode).toBe(200);
    const replay = await secondStep(await pendingTokenOf(m), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("invalid_code");
    // The previous step's code is older than the one used: refused too.
    expect((await secondStep(await pendingTokenOf(m), codeAt(secret, clock - STEP_MS))).statusCode).toBe(400);
    // The next step's code works once its time comes.
    tick();
    expect((await secondStep(await pendingTokenOf(m), codeAt(secret))).statusCode).toBe(200);
    tick();
  });

  it("accepts a code one step either side of now, not two", async () => {
    const { m, secret } = await enrolled();
    expect((await secondStep(await pendingTokenOf(m), codeAt(secret, clock - 2 * STEP_MS))).statusCode).toBe(
      400,
    );
    expect((await secondStep(await pendingTokenOf(m), codeAt(secret, clock + 2 * STEP_MS))).statusCode).toBe(
      400,
    );
    expect((await secondStep(await pendingTokenOf(m), codeAt(secret, clock + STEP_MS))).statusCode).toBe(200);
    tick(2);
  });

  it("a recovery code works once, whatever its case and dashes", async () => {
    const { m, codes } = await enrolled();
    const first = codes[0]!;
    const res = await secondStep(await pendingTokenOf(m), ` ${first.toUpperCase().replace("-", " ")} `);
    expect(res.statusCode, res.body).toBe(200);
    const reuse = await secondStep(await pendingTokenOf(m), first);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe("invalid_code");
    const status = await t.inject({
      method: "GET",
      url: "/api/account/two-factor",
      headers: { cookie: cookieOf(res) },
    });
    expect(status.json().recoveryCodesLeft).toBe(9);
    // Another member's recovery code is not this member's.
    const other = await enrolled();
    expect((await secondStep(await pendingTokenOf(m), other.codes[0]!)).statusCode).toBe(400);
  });

  it("stops guessing per account (429, whatever the address) without locking the password step", async () => {
    const { m, secret } = await enrolled();
    const token = await pendingTokenOf(m);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const guess = String(100000 + i * 7919);
      statuses.push((await secondStep(token, guess === codeAt(secret) ? "000000" : guess)).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await secondStep(token, codeAt(secret));
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({
      code: "rate_limited",
      message: TWO_FACTOR_MESSAGES.tooManyAttempts,
    });
    // The password step (and so any other way in) is not locked by it.
    const again = await login(m);
    expect(again.statusCode).toBe(200);
    expect(again.json().twoFactorRequired).toBe(true);
  });

  it("refuses a pending token that expired, was used, is unknown or is another account's", async () => {
    const { m, secret } = await enrolled();
    const other = await enrolled();
    const unknown = await secondStep("made-up-token", codeAt(secret));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: "unauthorized", message: TWO_FACTOR_MESSAGES.pendingInvalid });

    // Expired after five minutes: the same answer as an unknown token.
    const old = await pendingTokenOf(m);
    tick(11);
    const expired = await secondStep(old, codeAt(secret));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(unknown.json());

    // Used once: refused the second time, even with a fresh code.
    const token = await pendingTokenOf(m);
    expect((await secondStep(token, codeAt(secret))).statusCode).toBe(200);
    tick();
    const twice = await secondStep(token, codeAt(secret));
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toEqual(unknown.json());

    // Another account's pending token with this member's code: no session for either.
    const theirs = await pendingTokenOf(other.m);
    const crossed = await secondStep(theirs, codeAt(secret));
    expect(crossed.statusCode).toBe(400);
    expect(String(crossed.headers["set-cookie"] ?? "")).not.toContain(SESSION_COOKIE);
    tick();
  });

  it("answers a wrong password the same for a two-factor account and an unknown one (no enumeration)", async () => {
    const { m } = await enrolled();
    const address = nextIp();
    const wrong = await login({ username: m.username, password: "wrong-password" }, address);
    const unknown = await login({ username: "nobody-at-all-here", password: "wrong-password" }, address);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("a suspended member gets no session from the second step", async () => {
    const { m, secret } = await enrolled();
    const token = await pendingTokenOf(m);
    await t.exec(`UPDATE users SET banned_at = now() WHERE id = ${m.id}`);
    const res = await secondStep(token, codeAt(secret));
    expect(res.statusCode).toBe(403);
    expect(String(res.headers["set-cookie"] ?? "")).not.toContain(SESSION_COOKIE);
    tick();
  });
});

describe("turning it off and new recovery codes", () => {
  it("needs the password and a code; afterwards the password alone signs in", async () => {
    const { m, secret } = await enrolled();
    const off = (password: string, code: string) =>
      t.inject({
        method: "POST",
        url: "/api/account/two-factor/disable",
        as: m,
        payload: { password, code },
      });
    expect((await off("wrong-password", codeAt(secret))).json().code).toBe("wrong_password");
    expect((await off(m.password, "000000")).json().code).toBe("invalid_code");
    const ok = await off(m.password, codeAt(secret));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(TWO_FACTOR_MESSAGES.turnedOff);
    const res = await login(m);
    expect(res.json().twoFactorRequired).toBeUndefined();
    expect(cookieOf(res)).toContain(SESSION_COOKIE);
    tick();
  });

  it("a recovery code can turn it off (the phone is lost)", async () => {
    const { m, codes } = await enrolled();
    const res = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/disable",
      as: m,
      payload: { password: m.password, code: codes[3] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("new recovery codes need the password and replace the old ones", async () => {
    const { m, codes } = await enrolled();
    const wrong = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/recovery-codes",
      as: m,
      payload: { password: "nope-nope" },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await t.inject({
      method: "POST",
      url: "/api/account/two-factor/recovery-codes",
      as: m,
      payload: { password: m.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await pendingTokenOf(m), codes[0]!)).statusCode).toBe(400);
    expect((await secondStep(await pendingTokenOf(m), fresh[0]!)).statusCode).toBe(200);
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  it("sends an administrator without two-factor sign-in to enrol before admin actions", async () => {
    const strict = await createTestApp({ requireAdminTwoFactor: true });
    try {
      strict.setNow(new Date(clock));
      const admin = await strict.register();
      await strict.makeAdmin(admin);
      const refused = await strict.inject({ method: "GET", url: "/api/admin/feature-flags", as: admin });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: "two_factor_enrolment_required",
        message: TWO_FACTOR_MESSAGES.adminRequired,
      });
      const status = await strict.inject({ method: "GET", url: "/api/account/two-factor", as: admin });
      expect(status.json()).toMatchObject({ enabled: false, required: true });
      // Members are unaffected: still a plain 403 for admin routes.
      const member = await strict.register();
      const asMember = await strict.inject({ method: "GET", url: "/api/admin/feature-flags", as: member });
      expect(asMember.json().code).toBe("forbidden");

      const setup = await strict.inject({
        method: "POST",
        url: "/api/account/two-factor/setup",
        as: admin,
        payload: { password: admin.password },
      });
      const on = await strict.inject({
        method: "POST",
        url: "/api/account/two-factor/enable",
        as: admin,
        payload: { code: codeAt(setup.json().secret) },
      });
      expect(on.statusCode, on.body).toBe(200);
      expect(
        (await strict.inject({ method: "GET", url: "/api/admin/feature-flags", as: admin })).statusCode,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../../common/constants";
import { OIDC_MESSAGES } from "../../../common/oidc";
import { createTestApp, type TestApp } from "../../test/harness";
import { extractResetLink } from "../../test/mail-parse";
import { authorizeAtProvider, startOidcProvider, type TestOidcProvider } from "../../test/oidc-provider";
import { settlePasswordResetTasks } from "../password-reset/public";

/**
 * Sign in with an OpenID Connect provider (issue 24, item 3) against a real provider started
 * here (oidc-provider): the app's server talks to it over HTTP, the test plays the browser.
 */
const APP_URL = "http://localhost:5000";
const REDIRECT = `${APP_URL}/auth/oidc/callback`;

let provider: TestOidcProvider;
let other: TestOidcProvider;
let t: TestApp;
let ip = 0;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [REDIRECT] });
  other = await startOidcProvider({ redirectUris: [REDIRECT] });
  t = await createTestApp(
    {},
    {
      APP_URL,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_BUTTON_LABEL: "Continue with Test ID",
    },
  );
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
  await other?.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }, name: string) => {
  const all = [res.headers["set-cookie"] ?? []].flat() as string[];
  const found = all.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return found?.split(";")[0];
};
const join = (...cookies: Array<string | undefined>) => cookies.filter(Boolean).join("; ");

/** Starts a flow in the app and signs in as `login` at the provider: the callback's query and cookie. */
async function authorize(login: string, opts: { intent?: "signin" | "link"; cookie?: string } = {}) {
  const remoteAddress = `10.77.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  const start = await t.inject({
    method: "POST",
    url: "/api/oidc/start",
    payload: { intent: opts.intent ?? "signin" },
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    remoteAddress,
  });
  expect(start.statusCode, start.body).toBe(200);
  const flowCookie = cookieOf(start, "agora_oidc");
  expect(flowCookie).toBeTruthy();
  const setCookie = String(start.headers["set-cookie"]);
  expect(setCookie).toMatch(/HttpOnly/);
  const url = new URL(start.json().url);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("state")).toBeTruthy();
  expect(url.searchParams.get("nonce")).toBeTruthy();
  const query = await authorizeAtProvider(url.href, login, REDIRECT);
  return { query, flowCookie: flowCookie!, remoteAddress };
}

function callback(query: string, cookie: string, remoteAddress = "10.78.0.1") {
  return t.inject({
    method: "POST",
    url: "/api/oidc/callback",
    payload: { query },
    headers: { cookie },
    remoteAddress,
  });
}

/** A new member through the provider: callback → finish sign-up. Answers their session cookie. */
async function signUpWithProvider(sub: string, username: string) {
  const { query, flowCookie, remoteAddress } = await authorize(sub);
  const cb = await callback(query, flowCookie, remoteAddress);
  expect(cb.statusCode, cb.body).toBe(200);
  expect(cb.json().status).toBe("signup");
  const res = await t.inject({
    method: "POST",
    url: "/api/oidc/signup",
    payload: { token: cb.json().token, username, email: cb.json().email, generation: "genz" },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { cookie: cookieOf(res, SESSION_COOKIE)!, user: res.json(), email: cb.json().email as string };
}

describe("configuration", () => {
  it("tells the client the button label when configured, and null when not", async () => {
    const res = await t.inject({ method: "GET", url: "/api/oidc/config" });
    expect(res.json()).toEqual({ label: "Continue with Test ID" });
    const bare = await createTestApp();
    try {
      expect((await bare.inject({ method: "GET", url: "/api/oidc/config" })).json()).toEqual({ label: null });
      const start = await bare.inject({
        method: "POST",
        url: "/api/oidc/start",
        payload: { intent: "signin" },
      });
      expect(start.statusCode).toBe(404);
      expect(start.json().code).toBe("oidc_not_configured");
    } finally {
      await bare.close();
    }
  });
});

describe("sign up and sign in with the provider", () => {
  it("creates no account until the new member picks a username, then signs them in", async () => {
    provider.setAccount("ada", { email: "ada@provider.test", emailVerified: true, name: "Ada Lovelace" });
    const before = (await t.inject({ method: "GET", url: "/api/stats" })).json().members;
    const { query, flowCookie } = await authorize("ada");
    const cb = await callback(query, flowCookie);
    expect(cb.statusCode, cb.body).toBe(200);
    expect(cb.json()).toMatchObject({
      status: "signup",
      email: "ada@provider.test",
      suggestedUsername: "ada",
    });
    expect(cookieOf(cb, SESSION_COOKIE)).toBeUndefined();
    expect((await t.inject({ method: "GET", url: "/api/stats" })).json().members).toBe(before);

    const taken = await t.register({ username: "ada_taken" });
    const clash = await t.inject({
      method: "POST",
      url: "/api/oidc/signup",
      payload: { token: cb.json().token, username: taken.username, email: "ada@provider.test" },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe("username_taken");

    const res = await t.inject({
      method: "POST",
      url: "/api/oidc/signup",
      payload: {
        token: cb.json().token,
        username: "ada_oidc",
        email: "ada@provider.test",
        generation: "genx",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      username: "ada_oidc",
      generation: "genx",
      email: "ada@provider.test",
    });
    const session = cookieOf(res, SESSION_COOKIE)!;
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: session } });
    expect(me.json().username).toBe("ada_oidc");

    // The pending token is single use.
    const again = await t.inject({
      method: "POST",
      url: "/api/oidc/signup",
      payload: { token: cb.json().token, username: "ada_twice", email: "ada2@provider.test" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("oidc_pending_expired");

    // Signing in again with the provider signs in the same member (issuer + subject), no sign-up.
    const second = await authorize("ada");
    const cb2 = await callback(second.query, second.flowCookie);
    expect(cb2.json()).toEqual({ status: "signed-in" });
    const cookie2 = cookieOf(cb2, SESSION_COOKIE)!;
    const me2 = await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: cookie2 } });
    expect(me2.json().username).toBe("ada_oidc");
  });

  it("gives an account made through the provider no password: no sign-in with the dummy one, a reset sets one", async () => {
    const { user, email } = await signUpWithProvider("nopass", "no_pass_member");
    for (const password of ["not-a-real-password", "", "x"]) {
      const login = await t.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: user.username, password: password || "anything" },
        remoteAddress: "10.79.0.1",
      });
      expect(login.statusCode).toBe(401);
    }
    const forgot = await t.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
    expect(forgot.statusCode).toBe(200);
    await settlePasswordResetTasks(t.ctx);
    const mail = await t.latestMailTo(email, /Reset your/);
    const token = new URL(extractResetLink(mail.text)).searchParams.get("token")!;
    const reset = await t.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "chosen-later-1" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: user.username, password: "chosen-later-1" },
      remoteAddress: "10.79.0.2",
    });
    expect(login.statusCode).toBe(200);
  });
});

describe("suspended members", () => {
  it("does not sign in a suspended member through the provider", async () => {
    const { user } = await signUpWithProvider("banned-sub", "banned_member");
    await t.exec(`UPDATE users SET banned_at = now() WHERE id = ${Number(user.id)}`);
    const { query, flowCookie } = await authorize("banned-sub");
    const cb = await callback(query, flowCookie);
    expect(cb.statusCode).toBe(403);
    expect(cookieOf(cb, SESSION_COOKIE)).toBeUndefined();
  });
});

describe("linking an existing account", () => {
  it("offers linking for a verified provider email and links only with the account's password", async () => {
    const m = await t.register({
      username: "grace_h",
      email: "grace@provider.test",
      password: "cobol-rules",
    });
    provider.setAccount("grace", { email: "grace@provider.test", emailVerified: true });
    const { query, flowCookie } = await authorize("grace");
    const cb = await callback(query, flowCookie);
    expect(cb.statusCode, cb.body).toBe(200);
    expect(cb.json()).toMatchObject({ status: "link", email: "grace@provider.test" });
    expect(cookieOf(cb, SESSION_COOKIE)).toBeUndefined();

    const wrong = await t.inject({
      method: "POST",
      url: "/api/oidc/link-account",
      payload: { token: cb.json().token, password: "not-it-at-all" },
      remoteAddress: "10.80.0.1",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(OIDC_MESSAGES.wrongPassword);

    const ok = await t.inject({
      method: "POST",
      url: "/api/oidc/link-account",
      payload: { token: cb.json().token, password: "cobol-rules" },
      remoteAddress: "10.80.0.1",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().id).toBe(m.id);

    // From now on the provider signs this member in directly.
    const again = await authorize("grace");
    const cb2 = await callback(again.query, again.flowCookie);
    expect(cb2.json()).toEqual({ status: "signed-in" });
    const me = await t.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: cookieOf(cb2, SESSION_COOKIE)! },
    });
    expect(me.json().id).toBe(m.id);
  });

  it("refuses to link when the provider has not verified the email (attack: email claim takeover)", async () => {
    const victim = await t.register({ username: "victim_v", email: "victim@provider.test" });
    provider.setAccount("attacker", { email: "victim@provider.test", emailVerified: false });
    const { query, flowCookie } = await authorize("attacker");
    const cb = await callback(query, flowCookie);
    expect(cb.statusCode).toBe(409);
    expect(cb.json()).toMatchObject({
      code: "oidc_email_unverified",
      message: OIDC_MESSAGES.emailUnverified,
    });
    expect(JSON.stringify(cb.json())).not.toContain("token");
    expect(cookieOf(cb, SESSION_COOKIE)).toBeUndefined();
    const ids = await t.inject({ method: "GET", url: "/api/oidc/identities", as: victim });
    expect(ids.json().identities).toEqual([]);
  });
});

describe("linking from settings and unlinking", () => {
  it("links a provider to the signed-in member, lists it, and unlinks it while a password remains", async () => {
    const m = await t.register({ username: "linker_l" });
    provider.setAccount("linker-sub", { email: "someone-else@provider.test" });
    const { query, flowCookie } = await authorize("linker-sub", { intent: "link", cookie: m.cookie });
    const cb = await callback(query, join(m.cookie, flowCookie));
    expect(cb.statusCode, cb.body).toBe(200);
    expect(cb.json()).toEqual({ status: "linked" });
    const list = await t.inject({ method: "GET", url: "/api/oidc/identities", as: m });
    expect(list.json()).toMatchObject({
      label: "Continue with Test ID",
      hasPassword: true,
      identities: [{ email: "someone-else@provider.test" }],
    });
    const id = list.json().identities[0].id;

    // Another member cannot unlink it.
    const stranger = await t.register();
    const theirs = await t.inject({ method: "DELETE", url: `/api/oidc/identities/${id}`, as: stranger });
    expect(theirs.statusCode).toBe(404);

    const out = await t.inject({ method: "DELETE", url: `/api/oidc/identities/${id}`, as: m });
    expect(out.statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: "/api/oidc/identities", as: m })).json().identities).toEqual(
      [],
    );
  });

  it("refuses to link a provider account that already belongs to another member", async () => {
    await signUpWithProvider("owned-sub", "owned_member");
    const m = await t.register();
    const { query, flowCookie } = await authorize("owned-sub", { intent: "link", cookie: m.cookie });
    const cb = await callback(query, join(m.cookie, flowCookie));
    expect(cb.statusCode).toBe(409);
    expect(cb.json().code).toBe("oidc_linked_elsewhere");
  });

  it("refuses to unlink the last way in (attack: lock-out), and allows it once another identity is linked", async () => {
    const { cookie } = await signUpWithProvider("only-way", "only_way_member");
    const list = await t.inject({ method: "GET", url: "/api/oidc/identities", headers: { cookie } });
    expect(list.json().hasPassword).toBe(false);
    const [first] = list.json().identities;
    const refused = await t.inject({
      method: "DELETE",
      url: `/api/oidc/identities/${first.id}`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "oidc_last_way_in", message: OIDC_MESSAGES.lastWayIn });

    const { query, flowCookie } = await authorize("only-way-2", { intent: "link", cookie });
    expect((await callback(query, join(cookie, flowCookie))).json()).toEqual({ status: "linked" });
    const ok = await t.inject({
      method: "DELETE",
      url: `/api/oidc/identities/${first.id}`,
      headers: { cookie },
    });
    expect(ok.statusCode).toBe(200);
    const after = await t.inject({ method: "GET", url: "/api/oidc/identities", headers: { cookie } });
    expect(after.json().identities).toHaveLength(1);
    const last = after.json().identities[0].id;
    expect(
      (await t.inject({ method: "DELETE", url: `/api/oidc/identities/${last}`, headers: { cookie } }))
        .statusCode,
    ).toBe(409);
  });

  it("refuses a link flow finished by someone other than the member who started it", async () => {
    const m = await t.register();
    const { query, flowCookie } = await authorize("hijack-sub", { intent: "link", cookie: m.cookie });
    const cb = await callback(query, flowCookie);
    expect(cb.statusCode).toBe(400);
    expect(cb.json().code).toBe("oidc_flow_expired");
  });
});

describe("attacks on the flow", () => {
  it("refuses a tampered state (and a code made for another browser's flow)", async () => {
    const { query, flowCookie } = await authorize("state-sub");
    const params = new URLSearchParams(query);
    params.set("state", "forged-state-value");
    const cb = await callback(params.toString(), flowCookie);
    expect(cb.statusCode).toBe(400);
    expect(cb.json()).toMatchObject({ code: "oidc_refused", message: OIDC_MESSAGES.flowRefused });
    expect(cookieOf(cb, SESSION_COOKIE)).toBeUndefined();

    // Login CSRF / code injection: the attacker's answer delivered into the victim's own flow.
    const attacker = await authorize("attacker-sub");
    const victim = await t.inject({ method: "POST", url: "/api/oidc/start", payload: { intent: "signin" } });
    const injected = await callback(attacker.query, cookieOf(victim, "agora_oidc")!);
    expect(injected.statusCode).toBe(400);
    expect(injected.json().code).toBe("oidc_refused");
  });

  it("refuses an ID token whose nonce is not the flow's", async () => {
    const { query, flowCookie } = await authorize("nonce-sub");
    await t.exec(`UPDATE oidc_flows SET nonce = 'a-different-nonce-value'`);
    const cb = await callback(query, flowCookie);
    expect(cb.statusCode).toBe(400);
    expect(cb.json().code).toBe("oidc_refused");
  });

  it("refuses a mix-up: an answer naming another issuer, or coming from another provider", async () => {
    const { query, flowCookie } = await authorize("mixup-sub");
    const params = new URLSearchParams(query);
    expect(params.get("iss")).toBe(provider.issuer);
    params.set("iss", other.issuer);
    const cb = await callback(params.toString(), flowCookie);
    expect(cb.statusCode).toBe(400);
    expect(cb.json().code).toBe("oidc_refused");

    // A real answer of the other provider (same client id, same redirect), fed to our flow.
    const start = await t.inject({ method: "POST", url: "/api/oidc/start", payload: { intent: "signin" } });
    const url = new URL(start.json().url);
    const foreign = new URL(`${other.issuer}${url.pathname}${url.search}`);
    const otherQuery = await authorizeAtProvider(foreign.href, "mixup-sub", REDIRECT);
    const cb2 = await callback(otherQuery, cookieOf(start, "agora_oidc")!);
    expect(cb2.statusCode).toBe(400);
    expect(cb2.json().code).toBe("oidc_refused");
  });

  it("refuses a replayed callback", async () => {
    const { query, flowCookie } = await authorize("replay-sub");
    const first = await callback(query, flowCookie);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await callback(query, flowCookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: "oidc_flow_expired", message: OIDC_MESSAGES.flowExpired });
  });

  it("refuses a callback without the flow cookie, and an expired flow", async () => {
    const { query } = await authorize("nocookie-sub");
    expect((await callback(query, "")).statusCode).toBe(400);
    const late = await authorize("late-sub");
    t.setNow(new Date(Date.now() + 11 * 60 * 1000));
    try {
      const cb = await callback(late.query, late.flowCookie);
      expect(cb.statusCode).toBe(400);
      expect(cb.json().code).toBe("oidc_flow_expired");
    } finally {
      t.setNow(undefined);
    }
  });

  it("answers a cancelled sign-in with a clear 400", async () => {
    const start = await t.inject({ method: "POST", url: "/api/oidc/start", payload: { intent: "signin" } });
    const state = new URL(start.json().url).searchParams.get("state")!;
    const q = new URLSearchParams({ error: "access_denied", state, iss: provider.issuer });
    const cb = await callback(q.toString(), cookieOf(start, "agora_oidc")!);
    expect(cb.statusCode).toBe(400);
    expect(cb.json()).toMatchObject({ code: "oidc_cancelled", message: OIDC_MESSAGES.cancelled });
  });

  it("refuses to start a link flow when signed out", async () => {
    const res = await t.inject({ method: "POST", url: "/api/oidc/start", payload: { intent: "link" } });
    expect(res.statusCode).toBe(401);
  });
});

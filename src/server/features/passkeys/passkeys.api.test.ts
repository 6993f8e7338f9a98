import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "../../../common/passkeys";
import { SESSION_COOKIE } from "../../../common/constants";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { type CeremonyOverrides, SoftAuthenticator } from "../../test/soft-authenticator";
import { CEREMONY_COOKIE } from "./service";

/**
 * Passkeys end to end on the real app, with a software authenticator that produces real
 * attestation objects and signed assertions (src/server/test/soft-authenticator.ts).
 */
let t: TestApp;
let origin: string;
let rpId: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = t.ctx.config.appOrigin;
  rpId = new URL(t.ctx.config.appUrl).hostname;
});
afterAll(async () => t?.close());

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.88.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string {
  const found = [res.headers["set-cookie"]]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  if (!found) throw new Error(`no ${name} cookie set`);
  return found.split(";")[0]!;
}

const cookies = (...parts: Array<string | undefined>) => parts.filter(Boolean).join("; ");

/** Starts a registration for `m` and answers the options and the ceremony cookie. */
async function registrationOptions(m: TestMember) {
  const res = await t.inject({
    method: "POST",
    url: "/api/passkeys/registration-options",
    headers: { cookie: m.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { options: res.json(), ceremony: cookieFrom(res, CEREMONY_COOKIE) };
}

async function addPasskey(
  m: TestMember,
  auth: SoftAuthenticator,
  name = "Laptop",
  o: CeremonyOverrides = {},
) {
  const { options, ceremony } = await registrationOptions(m);
  const response = auth.create(options, o);
  return t.inject({
    method: "POST",
    url: "/api/passkeys",
    headers: { cookie: cookies(m.cookie, ceremony) },
    payload: { name, response },
  });
}

async function signInOptions() {
  const res = await t.inject({ method: "POST", url: "/api/auth/passkey-options", remoteAddress: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return { options: res.json(), ceremony: cookieFrom(res, CEREMONY_COOKIE) };
}

const signIn = (ceremony: string | undefined, response: unknown) =>
  t.inject({
    method: "POST",
    url: "/api/auth/passkey",
    headers: ceremony ? { cookie: ceremony } : {},
    payload: { response },
    remoteAddress: nextIp(),
  });

async function signInWith(auth: SoftAuthenticator, o: CeremonyOverrides = {}) {
  const { options, ceremony } = await signInOptions();
  return signIn(ceremony, auth.get(options, o));
}

const list = async (m: TestMember) =>
  (await t.inject({ method: "GET", url: "/api/passkeys", headers: { cookie: m.cookie } })).json().items;

const me = (cookie: string) => t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });

async function memberWithPasskey(name = "Laptop") {
  const m = await t.register();
  const auth = new SoftAuthenticator(origin, rpId);
  const res = await addPasskey(m, auth, name);
  expect(res.statusCode, res.body).toBe(201);
  return { m, auth, passkey: res.json() };
}

describe("registering and signing in", () => {
  it("registers a discoverable passkey, then signs in with it without a username", async () => {
    const { m, auth, passkey } = await memberWithPasskey("Work laptop");
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: "Work laptop",
      createdAt: expect.any(String),
      lastUsedAt: null,
      synced: false,
    });

    const { options, ceremony } = await signInOptions();
    expect(options.rpId).toBe(rpId);
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: the passkey names the account
    const res = await signIn(ceremony, auth.get(options));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().username).toBe(m.username);
    const session = cookieFrom(res, SESSION_COOKIE);
    expect(session).not.toBe(m.cookie);
    expect((await me(session)).json().username).toBe(m.username);

    const [item] = await list(m);
    expect(item.lastUsedAt).not.toBeNull();
    // Nothing secret leaves: no key, credential id, counter or user handle.
    expect(Object.keys(item).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name", "synced"]);
  });

  it("asks for a resident key and user verification, with the RP ID and no duplicate on one authenticator", async () => {
    const { m } = await memberWithPasskey();
    const { options } = await registrationOptions(m);
    expect(options.rp).toEqual({ name: "AI Agora", id: rpId });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(options.attestation).toBe("none");
    expect(options.excludeCredentials).toHaveLength(1);
    expect(options.user.name).toBe(m.username);
    // The user handle is 16 random bytes, not the member's id, username or email.
    expect(Buffer.from(options.user.id, "base64url")).toHaveLength(16);
    const again = await registrationOptions(m);
    expect(again.options.user.id).toBe(options.user.id);
    const other = await registrationOptions(await t.register());
    expect(other.options.user.id).not.toBe(options.user.id);
  });

  it("keeps several named passkeys per member, each signing in", async () => {
    const { m, auth } = await memberWithPasskey("Phone");
    const key2 = new SoftAuthenticator(origin, rpId);
    expect((await addPasskey(m, key2, "Security key")).statusCode).toBe(201);
    expect((await list(m)).map((p: { name: string }) => p.name)).toEqual(["Phone", "Security key"]);
    expect((await signInWith(auth)).json().username).toBe(m.username);
    expect((await signInWith(key2)).json().username).toBe(m.username);
  });

  it("renames a passkey, trimming the name and refusing an empty one", async () => {
    const { m, passkey } = await memberWithPasskey();
    const res = await t.inject({
      method: "PATCH",
      url: `/api/passkeys/${passkey.id}`,
      headers: { cookie: m.cookie },
      payload: { name: "  Home desktop " },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe("Home desktop");
    const empty = await t.inject({
      method: "PATCH",
      url: `/api/passkeys/${passkey.id}`,
      headers: { cookie: m.cookie },
      payload: { name: "   " },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.name).toBe(PASSKEY_MESSAGES.nameRequired);
  });

  it("refuses a registration with a missing name, before spending the challenge on it", async () => {
    const m = await t.register();
    const auth = new SoftAuthenticator(origin, rpId);
    const { options, ceremony } = await registrationOptions(m);
    const bad = await t.inject({
      method: "POST",
      url: "/api/passkeys",
      headers: { cookie: cookies(m.cookie, ceremony) },
      payload: { name: "", response: auth.create(options) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("validation_failed");
  });

  it("refuses a suspended member's passkey", async () => {
    const { m, auth } = await memberWithPasskey();
    await t.exec(`UPDATE users SET banned_at = now() WHERE id = ${Number(m.id)}`);
    const res = await signInWith(auth);
    expect(res.statusCode).toBe(403);
    expect(res.headers["set-cookie"] ?? "").not.toContain(`${SESSION_COOKIE}=`);
  });
});

describe("attacks", () => {
  it("refuses a signature counter that does not move forward (a cloned authenticator)", async () => {
    const { auth } = await memberWithPasskey();
    expect((await signInWith(auth, { counter: 5 })).statusCode).toBe(200);
    const same = await signInWith(auth, { counter: 5 });
    expect(same.statusCode).toBe(401);
    expect(same.json()).toEqual({ code: "passkey_invalid", message: PASSKEY_MESSAGES.signInFailed });
    expect((await signInWith(auth, { counter: 3 })).statusCode).toBe(401);
    expect((await signInWith(auth, { counter: 6 })).statusCode).toBe(200);
  });

  it("refuses a registration and a sign-in made for another origin", async () => {
    const m = await t.register();
    const evil = "https://agora-login.example";
    const auth = new SoftAuthenticator(origin, rpId);
    const reg = await addPasskey(m, auth, "Laptop", { origin: evil });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().code).toBe("passkey_invalid");
    expect(await list(m)).toEqual([]);

    const { auth: good } = await memberWithPasskey();
    const res = await signInWith(good, { origin: evil });
    expect(res.statusCode).toBe(401);
    expect(res.headers["set-cookie"] ?? "").not.toContain(`${SESSION_COOKIE}=`);
  });

  it("refuses a registration and a sign-in scoped to another RP ID", async () => {
    const m = await t.register();
    const auth = new SoftAuthenticator(origin, rpId);
    expect((await addPasskey(m, auth, "Laptop", { rpId: "evil.example" })).statusCode).toBe(400);
    expect(await list(m)).toEqual([]);
    const { auth: good } = await memberWithPasskey();
    expect((await signInWith(good, { rpId: "evil.example" })).statusCode).toBe(401);
  });

  it("uses each challenge once: a replayed answer or an old answer to a new challenge is refused", async () => {
    const { auth, m } = await memberWithPasskey();
    const { options, ceremony } = await signInOptions();
    const response = auth.get(options);
    expect((await signIn(ceremony, response)).statusCode).toBe(200);
    const replay = await signIn(ceremony, response);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("passkey_ceremony_expired");

    // An old answer to a new ceremony: the challenge does not match (counter would be fine).
    const fresh = await signInOptions();
    const old = auth.get(options, { counter: 100 });
    expect((await signIn(fresh.ceremony, old)).statusCode).toBe(401);
    // Without a ceremony cookie there is no challenge to answer.
    expect((await signIn(undefined, auth.get(options))).statusCode).toBe(400);

    // Registration challenges too.
    const reg = await registrationOptions(m);
    const second = new SoftAuthenticator(origin, rpId);
    const response2 = second.create(reg.options);
    const post = () =>
      t.inject({
        method: "POST",
        url: "/api/passkeys",
        headers: { cookie: cookies(m.cookie, reg.ceremony) },
        payload: { name: "Again", response: response2 },
      });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(400);
  });

  it("lets a challenge expire after five minutes", async () => {
    const { auth } = await memberWithPasskey();
    const base = new Date(Date.now() + 48 * 3600 * 1000);
    try {
      t.setNow(base);
      const { options, ceremony } = await signInOptions();
      t.setNow(new Date(base.getTime() + 5 * 60 * 1000 + 1000));
      const res = await signIn(ceremony, auth.get(options));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PASSKEY_MESSAGES.ceremonyExpired);
    } finally {
      t.setNow(undefined);
    }
  });

  it("binds a ceremony to its member and purpose", async () => {
    const a = await t.register();
    const b = await t.register();
    const auth = new SoftAuthenticator(origin, rpId);
    // B answers the registration A started (with A's ceremony cookie): refused.
    const { options, ceremony } = await registrationOptions(a);
    const stolen = await t.inject({
      method: "POST",
      url: "/api/passkeys",
      headers: { cookie: cookies(b.cookie, ceremony) },
      payload: { name: "Stolen", response: auth.create(options) },
    });
    expect(stolen.statusCode).toBe(400);
    expect(await list(b)).toEqual([]);
    // A sign-in ceremony cannot register a passkey.
    const signin = await signInOptions();
    const wrongPurpose = await t.inject({
      method: "POST",
      url: "/api/passkeys",
      headers: { cookie: cookies(a.cookie, signin.ceremony) },
      payload: { name: "Laptop", response: auth.create({ ...signin.options, user: { id: "AAAA" }, rp: {} }) },
    });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(await list(a)).toEqual([]);
  });

  it("refuses an unknown credential with the same answer as a bad signature", async () => {
    await memberWithPasskey();
    const stranger = new SoftAuthenticator(origin, rpId);
    stranger.create({ challenge: "AAAA", user: { id: "AAAA" }, rp: { id: rpId } });
    const res = await signInWith(stranger);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: "passkey_invalid", message: PASSKEY_MESSAGES.signInFailed });
  });

  it("refuses an assertion without user verification or with another account's user handle", async () => {
    const { auth } = await memberWithPasskey();
    expect((await signInWith(auth, { noUserVerification: true })).statusCode).toBe(401);
    expect((await signInWith(auth, { userHandle: "c29tZW9uZS1lbHNl" })).statusCode).toBe(401);
    expect((await signInWith(auth)).statusCode).toBe(200);
  });

  it("another member can neither rename nor remove your passkey", async () => {
    const { m, passkey } = await memberWithPasskey("Mine");
    const other = await t.register();
    const rename = await t.inject({
      method: "PATCH",
      url: `/api/passkeys/${passkey.id}`,
      headers: { cookie: other.cookie },
      payload: { name: "Taken over" },
    });
    expect(rename.statusCode).toBe(404);
    const remove = await t.inject({
      method: "DELETE",
      url: `/api/passkeys/${passkey.id}`,
      headers: { cookie: other.cookie },
      payload: { password: other.password },
    });
    expect(remove.statusCode).toBe(404);
    expect((await list(m)).map((p: { name: string }) => p.name)).toEqual(["Mine"]);
    expect(await list(other)).toEqual([]);
  });

  it("another member's passkey cannot confirm the removal of yours", async () => {
    const { m, passkey } = await memberWithPasskey();
    const { auth: theirs, m: other } = await memberWithPasskey();
    const start = await t.inject({
      method: "POST",
      url: "/api/passkeys/confirmation-options",
      headers: { cookie: m.cookie },
    });
    const ceremony = cookieFrom(start, CEREMONY_COOKIE);
    // Their authenticator answers the challenge with their credential.
    const assertion = theirs.get({ challenge: start.json().challenge });
    const res = await t.inject({
      method: "DELETE",
      url: `/api/passkeys/${passkey.id}`,
      headers: { cookie: cookies(m.cookie, ceremony) },
      payload: { assertion },
    });
    expect(res.statusCode).toBe(400);
    expect(await list(m)).toHaveLength(1);
    expect(await list(other)).toHaveLength(1);
  });
});

describe("removing a passkey", () => {
  it("needs the password, ends the member's other sessions and keeps this one", async () => {
    const { m, auth, passkey } = await memberWithPasskey();
    const elsewhere = cookieFrom(await signInWith(auth), SESSION_COOKIE);
    expect((await me(elsewhere)).statusCode).toBe(200);

    const del = (payload: unknown) =>
      t.inject({
        method: "DELETE",
        url: `/api/passkeys/${passkey.id}`,
        headers: { cookie: m.cookie },
        payload: payload as Record<string, unknown>,
      });
    const none = await del({});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(PASSKEY_MESSAGES.confirmRequired);
    const wrong = await del({ password: "not-my-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong_password");
    expect(await list(m)).toHaveLength(1);

    const ok = await del({ password: m.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(PASSKEY_MESSAGES.removed);
    expect(await list(m)).toEqual([]);
    expect((await me(m.cookie)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    // The removed passkey signs nobody in.
    expect((await signInWith(auth)).statusCode).toBe(401);
  });

  it("can be confirmed with one of the member's passkeys instead of the password", async () => {
    const { m, auth, passkey } = await memberWithPasskey();
    const start = await t.inject({
      method: "POST",
      url: "/api/passkeys/confirmation-options",
      headers: { cookie: m.cookie },
    });
    expect(start.statusCode).toBe(200);
    const options = start.json();
    expect(options.allowCredentials).toHaveLength(1);
    const ceremony = cookieFrom(start, CEREMONY_COOKIE);
    const res = await t.inject({
      method: "DELETE",
      url: `/api/passkeys/${passkey.id}`,
      headers: { cookie: cookies(m.cookie, ceremony) },
      payload: { assertion: auth.get(options) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await list(m)).toEqual([]);
  });
});

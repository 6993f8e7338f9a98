import { createECDH, randomBytes } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";
import { endpointProblem, keysProblem, waitForPushes } from "./service";

/**
 * Web push against a local HTTP server standing in for the push service (web-push encrypts and
 * signs; the app posts to the subscription's endpoint, which NODE_ENV=test allows over http).
 */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let pushServer: http.Server;
let pushBase: string;
const received: Received[] = [];
/** Answer per path: 201 by default, 410 for "gone" endpoints. */
const answers = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  pushServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(req.url ?? "") ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, "127.0.0.1", resolve));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => pushServer?.close(resolve));
});

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}

async function subscribe(member: TestMember, path: string) {
  const browser = browserKeys();
  const endpoint = `${pushBase}${path}`;
  const res = await t.inject({
    method: "POST",
    url: "/api/push/subscribe",
    as: member,
    payload: { endpoint, expirationTime: null, keys: browser.keys },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...browser, endpoint };
}

const subscriptionCount = async (userId: number) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.ctx.db,
        sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${userId}`,
      )
    )[0]!.n,
  );

describe("VAPID keys", () => {
  it("serves one public key, generated once and stored", async () => {
    const a = await t.inject({ method: "GET", url: "/api/push/public-key" });
    expect(a.statusCode).toBe(200);
    const key = a.json().publicKey as string;
    expect(Buffer.from(key, "base64url")).toHaveLength(65);
    expect((await t.inject({ method: "GET", url: "/api/push/public-key" })).json().publicKey).toBe(key);
    const [row] = await queryRows<{ value: string }>(
      t.ctx.db,
      sql`SELECT value FROM app_secrets WHERE name = 'vapid'`,
    );
    expect(JSON.parse(row!.value).publicKey).toBe(key);
  });
});

describe("subscriptions", () => {
  it("validates the endpoint and keys", async () => {
    const m = await t.register();
    const good = browserKeys().keys;
    const cases: [unknown, string][] = [
      [{ endpoint: "not a url", keys: good }, "endpoint must be a URL"],
      [{ endpoint: "ftp://push.example.com/x", keys: good }, "https"],
      [{ endpoint: "https://push.example.com/x" }, "keys"],
      [{ endpoint: "https://push.example.com/x", keys: { p256dh: "abc", auth: good.auth } }, "P-256"],
      [{ endpoint: "https://push.example.com/x", keys: { p256dh: good.p256dh, auth: "AAAA" } }, "16 bytes"],
      [
        { endpoint: "https://push.example.com/x", keys: { p256dh: "<script>", auth: good.auth } },
        "base64url",
      ],
      [{ endpoint: `https://push.example.com/${"x".repeat(3000)}`, keys: good }, "too long"],
      [{ endpoint: "https://push.example.com/x", keys: good, extra: 1 }, "Unknown field"],
      [{ endpoint: "https://push.example.com/\u0000x", keys: good }, "must be a URL"],
    ];
    for (const [payload, message] of cases) {
      const res = await t.inject({
        method: "POST",
        url: "/api/push/subscribe",
        as: m,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(
      (
        await t.inject({
          method: "POST",
          url: "/api/push/subscribe",
          payload: { endpoint: "https://a.b/c", keys: good },
        })
      ).statusCode,
    ).toBe(401);
    expect(await subscriptionCount(m.id)).toBe(0);
    // Unsubscribing names the endpoint too: a control character is refused, not sent to the database.
    const nul = await t.inject({
      method: "DELETE",
      url: "/api/push/subscribe",
      as: m,
      payload: { endpoint: "https://push.example.com/\u0000x" },
    });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json().message).toContain("must be a URL");
  });

  it("allows plain http only in tests or for localhost outside production, and no private hosts in production", () => {
    expect(endpointProblem("https://fcm.googleapis.com/fcm/send/abc", "production")).toBeNull();
    expect(endpointProblem("http://fcm.googleapis.com/fcm/send/abc", "production")).toMatch(/https/);
    expect(endpointProblem("http://127.0.0.1:9999/x", "test")).toBeNull();
    expect(endpointProblem("http://localhost:9999/x", "development")).toBeNull();
    expect(endpointProblem("http://push.example.com/x", "development")).toMatch(/https/);
    expect(endpointProblem("http://localhost:9999/x", "production")).toMatch(/https/);
    expect(endpointProblem("https://localhost/x", "production")).toMatch(/public/);
    expect(endpointProblem("https://10.1.2.3/x", "production")).toMatch(/public/);
    expect(endpointProblem("https://192.168.0.1/x", "production")).toMatch(/public/);
    expect(endpointProblem("https://[::1]/x", "production")).toMatch(/public/);
    expect(endpointProblem("https://user:pw@push.example.com/x", "production")).toMatch(/credentials/);
    expect(keysProblem(browserKeys().keys)).toBeNull();
  });

  it("moves a browser's subscription to the member now signed in, and unsubscribes", async () => {
    const a = await t.register();
    const b = await t.register();
    const sub = await subscribe(a, "/device/shared");
    expect(await subscriptionCount(a.id)).toBe(1);
    const again = await t.inject({
      method: "POST",
      url: "/api/push/subscribe",
      as: b,
      payload: { endpoint: sub.endpoint, keys: sub.keys },
    });
    expect(again.json()).toEqual({ subscribed: true, devices: 1 });
    expect(await subscriptionCount(a.id)).toBe(0);
    // Unsubscribing someone else's endpoint does nothing.
    await t.inject({
      method: "DELETE",
      url: "/api/push/subscribe",
      as: a,
      payload: { endpoint: sub.endpoint },
    });
    expect(await subscriptionCount(b.id)).toBe(1);
    const off = await t.inject({
      method: "DELETE",
      url: "/api/push/subscribe",
      as: b,
      payload: { endpoint: sub.endpoint },
    });
    expect(off.json()).toEqual({ subscribed: false, devices: 0 });
  });

  it("keeps the owner when another member posts their endpoint with other keys (issue 25)", async () => {
    const owner = await t.register();
    const thief = await t.register();
    const sub = await subscribe(owner, "/device/owned");
    const stolen = await t.inject({
      method: "POST",
      url: "/api/push/subscribe",
      as: thief,
      payload: { endpoint: sub.endpoint, keys: browserKeys().keys },
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe("push_endpoint_taken");
    expect(await subscriptionCount(owner.id)).toBe(1);
    expect(await subscriptionCount(thief.id)).toBe(0);
  });
});

describe("delivery", () => {
  it("pushes an encrypted, VAPID-signed notice for a new notification and removes a gone subscription", async () => {
    const owner = await t.register();
    const fan = await t.register();
    const live = await subscribe(owner, `/device/${owner.id}/live`);
    await subscribe(owner, `/device/${owner.id}/gone`);
    answers.set(`/device/${owner.id}/gone`, 410);
    const before = received.length;

    await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: fan });
    await waitForPushes(t.ctx);

    const mine = received.slice(before);
    expect(mine.map((r) => r.path).sort()).toEqual([`/device/${owner.id}/gone`, `/device/${owner.id}/live`]);
    const hit = mine.find((r) => r.path.endsWith("/live"))!;
    expect(hit.headers["content-encoding"]).toBe("aes128gcm");
    expect(hit.headers.ttl).toBe(String(24 * 60 * 60));
    expect(String(hit.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const publicKey = (await t.inject({ method: "GET", url: "/api/push/public-key" })).json().publicKey;
    expect(String(hit.headers.authorization)).toContain(`k=${publicKey}`);

    // Decrypt as the browser would: the payload is what the service worker shows.
    const ece = createRequire(import.meta.url)("http_ece") as {
      decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer;
    };
    const plain = ece.decrypt(hit.body, {
      version: "aes128gcm",
      privateKey: live.ecdh,
      authSecret: live.auth,
    });
    expect(JSON.parse(plain.toString("utf8"))).toEqual({
      title: "AI Agora",
      body: `${fan.username} started following you`,
      url: `/profile/${fan.id}`,
    });

    // The push service said 410 Gone: that subscription was removed, the live one kept.
    const rows = await queryRows<{ endpoint: string }>(
      t.ctx.db,
      sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${owner.id}`,
    );
    expect(rows.map((r) => r.endpoint)).toEqual([live.endpoint]);
  });

  it("sends nothing when the member turned push off for that kind, or for merged bursts", async () => {
    const owner = await t.register();
    await subscribe(owner, `/device/${owner.id}/quiet`);
    await t.inject({
      method: "PUT",
      url: "/api/account/notification-preferences",
      as: owner,
      payload: { follow: { push: false } },
    });
    const before = received.length;
    const fan = await t.register();
    await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: fan });
    await waitForPushes(t.ctx);
    expect(received.length).toBe(before);

    // Likes are on: the first like pushes, the ones merging into the unread notice do not.
    const p = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: owner,
      payload: { content: `Push test post ${randomTag(8)}` },
    });
    for (let i = 0; i < 3; i++) {
      const liker = await t.register();
      await t.inject({ method: "POST", url: `/api/posts/${p.json().id}/like`, as: liker });
    }
    await waitForPushes(t.ctx);
    expect(received.slice(before).map((r) => r.path)).toEqual([`/device/${owner.id}/quiet`]);
  });

  it("pushes a kind the member keeps out of the in-app list (in-app off, push on)", async () => {
    const owner = await t.register();
    await subscribe(owner, `/device/${owner.id}/push-only`);
    const prefs = await t.inject({
      method: "PUT",
      url: "/api/account/notification-preferences",
      as: owner,
      payload: { like: { inApp: false } },
    });
    expect(prefs.json().like).toEqual({ inApp: false, email: false, push: true });
    const p = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: owner,
      payload: { content: `Push only post ${randomTag(8)}` },
    });
    const before = received.length;
    const fan = await t.register();
    await t.inject({ method: "POST", url: `/api/posts/${p.json().id}/like`, as: fan });
    await waitForPushes(t.ctx);
    expect(received.slice(before).map((r) => r.path)).toEqual([`/device/${owner.id}/push-only`]);
    const list = await t.inject({ method: "GET", url: "/api/notifications", as: owner });
    expect(list.json()).toEqual([]);
  });
});

import { crc32 } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/connect";
import type { MailMessage } from "../platform/mail";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";
import { type Cast, createFixture, multipart, pngBytes, requestFor } from "../test/fixture";
import { type Fixture, routePolicy } from "../test/route-policy";

/**
 * Attack tests (issue 13 §3), API side. Stored XSS in a real browser is `e2e/xss.spec.ts`.
 * Results and the ASVS items they cover: docs/security.md.
 */

let t: TestApp;
let cast: Cast;
let f: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  ({ cast, f } = await createFixture(t));
});
afterAll(async () => t?.close());

// biome-ignore lint/suspicious/noExplicitAny: test convenience
const json = (res: { json(): unknown }) => res.json() as any;
let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    remoteAddress: nextIp(),
    headers,
  });
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers["set-cookie"] ?? "").split(";")[0]!;

describe("CSRF: cross-origin writes are refused", () => {
  const writes = Object.entries(routePolicy).filter(
    ([key, p]) => !key.startsWith("GET ") && p.access !== "webhook",
  );

  it.each(writes)("%s refuses a foreign Origin and Sec-Fetch-Site: cross-site", async (key, policy) => {
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ]) {
      const req = await requestFor(key, policy, f);
      const res = await t.inject({
        ...req,
        headers: { ...(req.headers ?? {}), ...headers },
        as: cast.owner,
      });
      expect(res.statusCode, `${JSON.stringify(headers)} ${res.body}`).toBe(403);
      expect(json(res).message).toBe("Cross-origin request refused");
    }
  });

  it("accepts the same write from the app's own origin, and nothing cross-origin was written", async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.ctx.db, sql`SELECT count(*)::int AS n FROM posts`))[0]!.n;
    const before = await count();
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: "Written from the app's own origin, allowed by the origin check" },
      headers: { origin: t.ctx.config.appOrigin, "sec-fetch-site": "same-origin" },
      as: cast.owner,
    });
    expect(res.statusCode, res.body).toBe(201);
    // Only this one post was added during the whole CSRF suite.
    expect(await count()).toBe(before + 1);
  });

  it("session cookies are HttpOnly and SameSite=Lax", async () => {
    const res = await login(cast.other.username, cast.other.password);
    const raw = String(res.headers["set-cookie"]);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).toMatch(/Path=\//);
  });
});

describe("sessions and credentials", () => {
  it("session fixation: login issues a new token and ignores one planted before (see also auth.api.test.ts)", async () => {
    const m = await t.register();
    const planted = "agora_session=attacker-chosen-token-value";
    const res = await login(m.username, m.password, { cookie: planted });
    expect(res.statusCode).toBe(200);
    const fresh = cookieOf(res);
    expect(fresh).toMatch(/^agora_session=/);
    expect(fresh).not.toBe(planted);
    expect(fresh).not.toBe(m.cookie);
    const withPlanted = await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: planted } });
    expect(withPlanted.statusCode).toBe(401);
    const withFresh = await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: fresh } });
    expect(withFresh.statusCode).toBe(200);
    // Logging out kills the token server-side: a copy kept by an attacker stops working.
    await t.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: fresh } });
    expect(
      (await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: fresh } })).statusCode,
    ).toBe(401);
  });

  // Issue 25: the limit used to count per username across addresses, so anyone could lock any
  // member out; it now counts per username and address (auth/login-limits.ts).
  it("brute force: 10 wrong passwords from one address stop it there, even for the right password", async () => {
    const m = await t.register();
    const from = (password: string, ip: string) =>
      t.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: m.username, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) expect((await from(`wrong-${i}-pw`, "10.66.6.6")).statusCode).toBe(401);
    const locked = await from(m.password, "10.66.6.6");
    expect(locked.statusCode).toBe(429);
    expect(json(locked).message).toContain("rate limit");
  });

  it("lock-out: 10 wrong passwords from 10 other addresses do not keep the owner out", async () => {
    const m = await t.register();
    for (let i = 0; i < 10; i++) expect((await login(m.username, `wrong-${i}-pw`)).statusCode).toBe(401);
    expect((await login(m.username, m.password)).statusCode).toBe(200);
  });

  it("no enumeration through login or forgot-password messages", async () => {
    const m = await t.register();
    const wrong = await login(m.username, "not-the-password");
    const unknown = await login(`ghost${Date.now()}`, "not-the-password");
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    const known = await t.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: m.email },
      remoteAddress: nextIp(),
    });
    const ghost = await t.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: `ghost${Date.now()}@example.com` },
      remoteAddress: nextIp(),
    });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(ghost.body);
  });

  it("login costs about the same for an unknown user as for a wrong password (no timing oracle)", async () => {
    const m = await t.register();
    const time = async (username: string) => {
      const started = performance.now();
      await login(username, "not-the-password");
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const ghost: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(m.username));
      ghost.push(await time(`ghost${i}x${Date.now()}`));
    }
    // Both paths run one scrypt verification; an unknown user must not answer several times faster.
    expect(median(ghost)).toBeGreaterThan(median(known) / 3);
  });

  it("registration reveals a taken email (spec message) but is limited per address", async () => {
    const m = await t.register();
    const address = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { username: `probe${i}x${Date.now() % 100000}`, email: m.email, password: "password123" },
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses[0]).toBe(409);
    expect(statuses).toContain(429);
  });

  describe("password-reset token misuse", () => {
    const sent: MailMessage[] = [];
    let restore: () => void;
    beforeAll(() => {
      const original = t.ctx.mailer.send.bind(t.ctx.mailer);
      t.ctx.mailer.send = async (message) => {
        sent.push(message);
        return { status: "skipped" };
      };
      restore = () => {
        t.ctx.mailer.send = original;
      };
    });
    afterAll(() => restore());

    async function tokenFor(m: TestMember): Promise<string> {
      const count = sent.length;
      const res = await t.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: m.email },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
      for (let i = 0; i < 100 && sent.length === count; i++) await new Promise((r) => setTimeout(r, 20));
      const mail = sent.slice(count).find((x) => JSON.stringify(x).includes(m.email));
      const token = JSON.stringify(mail).match(/token=([A-Za-z0-9_%-]+)/)?.[1];
      expect(token).toBeDefined();
      return decodeURIComponent(token!);
    }
    const reset = (token: string, password = "brand-new-pass") =>
      t.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, password },
        remoteAddress: nextIp(),
      });

    it("a forged token, a reused token, a superseded token and an expired token are all refused", async () => {
      const m = await t.register();
      expect((await reset("A".repeat(43))).statusCode).toBe(400);
      const first = await tokenFor(m);
      const second = await tokenFor(m);
      expect((await reset(first)).statusCode).toBe(400); // superseded by the newer request
      expect((await reset(second)).statusCode).toBe(200);
      expect((await reset(second, "another-pass-1")).statusCode).toBe(400); // single use
      expect((await login(m.username, "brand-new-pass")).statusCode).toBe(200);
      const late = await tokenFor(m);
      t.setNow(new Date(Date.now() + 31 * 60 * 1000));
      try {
        expect((await reset(late)).statusCode).toBe(400);
      } finally {
        t.setNow(undefined);
      }
      // The old sessions ended when the password was reset.
      expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).statusCode).toBe(401);
    });

    it("a token only ever changes its own member's password", async () => {
      const a = await t.register();
      const b = await t.register();
      expect((await reset(await tokenFor(a), "owned-by-a-now")).statusCode).toBe(200);
      expect((await login(b.username, "owned-by-a-now")).statusCode).toBe(401);
      expect((await login(b.username, b.password)).statusCode).toBe(200);
    });
  });
});

describe("IDOR on owned resources", () => {
  it("writes on another member's post, comment, thread, reply, prompt, notification and model comment are refused (full matrix: authz-matrix.api.test.ts)", async () => {
    const owned = Object.entries(routePolicy).filter(([, p]) => p.access === "owner");
    expect(owned.map(([key]) => key)).toEqual(
      expect.arrayContaining([
        "PUT /api/posts/:id",
        "DELETE /api/posts/:id",
        "DELETE /api/posts/:postId/comments/:commentId",
        "PUT /api/threads/:id",
        "DELETE /api/threads/:id",
        "PUT /api/threads/:id/replies/:replyId",
        "DELETE /api/threads/:id/replies/:replyId",
        "DELETE /api/prompts/:id",
        "PUT /api/notifications/:id/read",
      ]),
    );
    for (const [key, policy] of owned) {
      const res = await t.inject({ ...(await requestFor(key, policy, f)), as: cast.other });
      expect([403, 404], `${key}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it("a member's notifications and support tickets are never listed to another member", async () => {
    const ticket = await t.inject({
      method: "POST",
      url: "/api/support/tickets",
      payload: { subject: "Private matter", message: "Only the owner should ever read this ticket" },
      as: cast.owner,
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const ownerNotifications = json(
      await t.inject({ method: "GET", url: "/api/notifications", as: cast.owner }),
    );
    expect(ownerNotifications.length).toBeGreaterThan(0);
    const theirs = await t.inject({ method: "GET", url: "/api/notifications", as: cast.other });
    const ids = new Set(json(theirs).map((n: { id: number }) => n.id));
    for (const n of ownerNotifications) expect(ids.has(n.id)).toBe(false);
    const tickets = await t.inject({ method: "GET", url: "/api/support/tickets", as: cast.other });
    expect(tickets.body).not.toContain("Only the owner should ever read this ticket");
    const analytics = await t.inject({ method: "GET", url: "/api/analytics/me", as: cast.other });
    expect(analytics.statusCode).toBeLessThan(500);
  });

  it("public member JSON never carries email or password hash", async () => {
    for (const url of [`/api/users/${f.ownerId}`, `/api/posts/${f.postId}`, `/api/threads/${f.threadId}`]) {
      const res = await t.inject({ method: "GET", url, as: cast.other });
      expect(res.body).not.toContain(cast.owner.email);
      expect(res.body).not.toMatch(/password|scrypt\$/i);
    }
  });
});

/** A valid PNG header claiming huge dimensions over a few bytes of data: a decompression bomb. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("upload abuse", () => {
  const endpoints = ["/api/uploads/images", "/api/profile/avatar"];
  const upload = (url: string, file: Buffer, name: string, type: string) =>
    t.inject({ method: "POST", url, as: cast.owner, ...multipart(file, name, type) });

  it.each(endpoints)("%s refuses SVG with script, HTML named .jpg, and huge dimensions", async (url) => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const huge = pngBomb(40_000, 40_000);
    for (const [file, name, type] of [
      [svg, "x.svg", "image/svg+xml"],
      [svg, "x.png", "image/png"],
      [html, "x.jpg", "image/jpeg"],
      [huge, "huge.png", "image/png"],
    ] as const) {
      const res = await upload(url, file, name, type);
      expect([400, 413, 415, 422], `${name}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it.each(endpoints)("%s re-encodes a JPEG+HTML polyglot: the stored file is a clean image", async (url) => {
    const jpeg = await sharp(await pngBytes(40, 40))
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([
      jpeg,
      Buffer.from("<html><script>alert(document.cookie)</script></html>"),
    ]);
    const res = await upload(url, polyglot, "poly.jpg", "image/jpeg");
    expect(res.statusCode, res.body).toBeLessThan(300);
    const body = json(res);
    const stored = String(body.url ?? body.avatarUrl ?? body.avatar ?? "");
    expect(stored).toMatch(/^\/api\/(uploads|avatars)\/[A-Za-z0-9_-]+\.webp/);
    const served = await t.inject({ method: "GET", url: stored.split("?")[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.includes(Buffer.from("<script"))).toBe(false);
  });

  it("serves only names it produced (no path traversal)", async () => {
    for (const url of [
      "/api/uploads/..%2F..%2Fetc%2Fpasswd",
      "/api/uploads/%2e%2e%2fpackage.json",
      "/api/avatars/..%2Fdb",
      "/api/uploads/x.html",
    ]) {
      const res = await t.inject({ method: "GET", url });
      expect([400, 404], url).toContain(res.statusCode);
    }
  });
});

describe("open redirects", () => {
  it("no URL answers a redirect to another site", async () => {
    for (const url of [
      "//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/login?next=https://evil.example",
      "/reset-password?token=x&next=//evil.example",
      "/api/auth/logout?redirect=https://evil.example",
      "/api/",
      "/feed/",
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await t.inject({ method, url, as: cast.other });
        if (res.statusCode >= 300 && res.statusCode < 400) {
          const location = String(res.headers.location ?? "");
          expect(new URL(location, "http://localhost").host, `${method} ${url} -> ${location}`).toBe(
            "localhost",
          );
        }
      }
    }
  });
});

describe("security headers", () => {
  const scriptSrc = (csp: string) => csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";

  it("every answer carries a strict CSP, frame-ancestors none, nosniff and a referrer policy", async () => {
    for (const url of ["/", "/api/health", "/api/posts", "/api/nowhere"]) {
      const res = await t.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(scriptSrc(csp)).toContain("'self'");
      expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
      expect(scriptSrc(csp)).not.toContain("'unsafe-eval'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // No HSTS over plain http (it would pin localhost).
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("answers sent from memory carry the same headers as computed ones (decision 0156)", async () => {
    const member = await t.register();
    const security = (res: { headers: Record<string, unknown> }) =>
      Object.fromEntries(
        [
          "content-security-policy",
          "x-content-type-options",
          "x-frame-options",
          "referrer-policy",
          "cross-origin-resource-policy",
        ].map((name) => [name, res.headers[name]]),
      );
    for (const [url, as, marker] of [
      ["/api/posts?limit=5", undefined, "x-public-cache"],
      ["/api/notifications?limit=20", member, "x-member-cache"],
    ] as const) {
      const computed = await t.inject({ method: "GET", url, ...(as ? { as } : {}) });
      const kept = await t.inject({ method: "GET", url, ...(as ? { as } : {}) });
      expect([computed.statusCode, kept.statusCode], url).toEqual([200, 200]);
      expect(kept.headers[marker], url).toBe("hit");
      expect(String(kept.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(security(kept), url).toEqual(security(computed));
      expect(kept.headers["content-type"], url).toBe(computed.headers["content-type"]);
    }
  });

  it("under an https APP_URL: HSTS, Secure cookies and upgrade-insecure-requests", async () => {
    const https = await createTestApp({}, { APP_URL: "https://agora.example" });
    try {
      expect(https.ctx.config.secureCookies).toBe(true);
      const res = await https.inject({ method: "GET", url: "/api/health" });
      expect(String(res.headers["strict-transport-security"])).toMatch(/max-age=31536000.*includeSubDomains/);
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      const reg = await https.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: {
          username: `secure${Date.now() % 100000}`,
          email: `s${Date.now()}@example.com`,
          password: "password123",
        },
      });
      expect(reg.statusCode, reg.body).toBe(201);
      expect(String(reg.headers["set-cookie"])).toMatch(/;\s*Secure/i);
      // The configured origin is accepted for writes; any other is refused.
      const foreign = await https.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { origin: "http://agora.example" },
      });
      expect(foreign.statusCode).toBe(403);
    } finally {
      await https.close();
    }
  });
});

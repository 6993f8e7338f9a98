import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../common/constants";
import { tempClientBuild } from "../test/client-build";
import { createTestApp, type TestApp } from "../test/harness";
import { TEMPLATE_CHECK_MS } from "./static";

let t: TestApp;
const clientDir = tempClientBuild({
  "index.html": "<!doctype html><head><title>AI Agora</title></head><div id=root></div>",
  "assets/index-abc123.js": `console.log(${JSON.stringify("x".repeat(4000))})`,
});

beforeAll(async () => {
  t = await createTestApp({ clientDir, appUrl: "http://localhost:5000", appOrigin: "http://localhost:5000" });
});
afterAll(async () => t?.close());

describe("health and readiness", () => {
  it("answers health and ready with the database kind", async () => {
    expect((await t.inject({ method: "GET", url: "/api/health" })).json().status).toBe("ok");
    const ready = await t.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(["pglite", "postgres"]).toContain(ready.json().database);
  });
});

describe("routing", () => {
  it("answers unknown /api paths with JSON 404", async () => {
    const res = await t.inject({ method: "GET", url: "/api/definitely-not" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/json/);
    expect(res.json().message).toMatch(/Not found/);
  });

  it("serves the SPA for any other path, never cached", async () => {
    const res = await t.inject({ method: "GET", url: "/forums/42?x=1" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain("<div id=root>");
  });

  it("marks the shell signed out for a request without a session cookie, the same gzipped", async () => {
    const visitor = await t.inject({ method: "GET", url: "/forums/42" });
    expect(visitor.body).toContain('<meta name="agora-session" content="none" />');
    const withCookie = await t.inject({
      method: "GET",
      url: "/forums/42",
      cookies: { [SESSION_COOKIE]: "x" },
    });
    expect(withCookie.body).not.toContain("agora-session");
    for (const res of [visitor, withCookie]) {
      const zipped = await t.inject({
        method: "GET",
        url: "/forums/42",
        headers: { "accept-encoding": "gzip" },
        ...(res === withCookie ? { cookies: { [SESSION_COOKIE]: "x" } } : {}),
      });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(zipped.rawPayload).toString("utf8")).toBe(res.body);
    }
  });

  it("serves a new build's index.html within a second of its replacing the old one", async () => {
    const page = async () => (await t.inject({ method: "GET", url: "/forums/7" })).body;
    expect(await page()).toContain("<title>AI Agora</title>");
    const file = path.join(clientDir, "index.html");
    fs.writeFileSync(file, "<!doctype html><title>AI Agora, rebuilt</title><div id=root></div>");
    // A later modification time than the first build's, whatever the file system's resolution.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    await new Promise((resolve) => setTimeout(resolve, TEMPLATE_CHECK_MS + 50));
    expect(await page()).toContain("<title>AI Agora, rebuilt</title>");
  });

  it("caches hashed assets for a year and compresses them", async () => {
    const res = await t.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("max-age=31536000");
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("compresses API answers with a cheap brotli (made on every request), files with a thorough one", async () => {
    const quality = (q: number) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } });
    const asset = await t.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(asset.headers["content-encoding"]).toBe("br");
    const js = zlib.brotliDecompressSync(asset.rawPayload);
    expect(asset.rawPayload.equals(zlib.brotliCompressSync(js, quality(4)))).toBe(true);
    // A member's answer, computed for them alone (never from the public cache).
    await t.seed();
    const member = await t.register();
    const api = await t.inject({
      method: "GET",
      url: "/api/forums",
      as: member,
      headers: { "accept-encoding": "br" },
    });
    expect(api.statusCode).toBe(200);
    expect(api.headers["content-encoding"]).toBe("br");
    const json = zlib.brotliDecompressSync(api.rawPayload);
    expect(JSON.parse(json.toString("utf8"))).toEqual(expect.any(Array));
    expect(api.rawPayload.equals(zlib.brotliCompressSync(json, quality(1)))).toBe(true);
  });

  it("answers 404 (not the SPA) for a missing asset", async () => {
    const res = await t.inject({ method: "GET", url: "/assets/missing-zzz.js" });
    expect(res.statusCode).toBe(404);
  });

  it("publishes the OpenAPI document of every route at /api/docs", async () => {
    const res = await t.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/auth/register",
        "/api/auth/login",
        "/api/auth/me",
        "/api/profile",
        "/api/health",
      ]),
    );
    expect(doc.paths["/api/auth/register"].post.requestBody).toBeDefined();
  });
});

describe("security", () => {
  it("sends a strict Content-Security-Policy and the other security headers", async () => {
    const res = await t.inject({ method: "GET", url: "/" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    // No HSTS on plain http (it would break localhost).
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("refuses cross-origin writes and allows same-origin ones", async () => {
    const m = await t.register();
    const evil = await t.inject({
      method: "PUT",
      url: "/api/profile",
      as: m,
      headers: { origin: "https://evil.example" },
      payload: { bio: "pwned" },
    });
    expect(evil.statusCode).toBe(403);
    const crossSite = await t.inject({
      method: "PUT",
      url: "/api/profile",
      as: m,
      headers: { "sec-fetch-site": "cross-site" },
      payload: { bio: "pwned" },
    });
    expect(crossSite.statusCode).toBe(403);
    const me = await t.inject({ method: "GET", url: "/api/auth/me", as: m });
    expect(me.json().bio).toBe("");
    const ok = await t.inject({
      method: "PUT",
      url: "/api/profile",
      as: m,
      headers: { origin: "http://localhost:5000" },
      payload: { bio: "hello" },
    });
    expect(ok.statusCode).toBe(200);
  });
});

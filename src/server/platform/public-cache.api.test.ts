/**
 * The signed-out micro-cache (platform/public-cache.ts, issue 12 §3): answers within the TTL,
 * fresh after it, never for a request with a session cookie (unless the route answers every
 * viewer alike), one computation for concurrent
 * misses, and the model detail still counts views on cached answers.
 */
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../common/constants";
import { queryRows } from "../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";
import { ENTRY_OVERHEAD_BYTES, MAX_ENTRIES, NAMED_ENTITY_BYTES, PUBLIC_CACHE_TTL_MS } from "./public-cache";

let t: TestApp;
let member: TestMember;
const counter = { queries: 0, logQuery: () => void counter.queries++ };
const base = new Date("2026-03-01T12:00:00Z");

const get = (url: string, as?: TestMember, headers: Record<string, string> = {}) =>
  t.inject({ method: "GET", url, as, headers });
const postCount = async () =>
  (
    await queryRows<{ total: number }>(
      t.ctx.db,
      sql`SELECT sum(total)::int AS total FROM site_counters WHERE key = 'posts'`,
    )
  )[0]?.total ?? 0;
const bumpPostCounter = () =>
  queryRows(
    t.ctx.db,
    sql`UPDATE site_counters SET total = total + 7 WHERE key = 'posts' AND shard = (SELECT min(shard) FROM site_counters WHERE key = 'posts')`,
  );

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  member = await t.register();
  // biome-ignore lint/suspicious/noExplicitAny: Drizzle's session is internal API
  const session = (t.ctx.db as any).session;
  session.logger = counter;
  session.options = { ...(session.options ?? {}), logger: counter };
});

afterAll(async () => {
  await t?.close();
});

describe("public micro-cache", () => {
  it("keeps an answer as brotli: sent so to browsers, gzipped once for a gzip-only client, decoded for others", async () => {
    t.app.publicCache.clear();
    const url = "/api/forums"; // large enough to be compressed (over 1 KB)
    const miss = await get(url, undefined, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(miss.statusCode).toBe(200);
    expect(miss.headers["x-public-cache"]).toBeUndefined();
    // The miss is sent as it was kept: the same bytes as every hit after it.
    expect(miss.headers["content-encoding"]).toBe("br");
    const json = zlib.brotliDecompressSync(miss.rawPayload).toString("utf8");
    expect(json.length).toBeGreaterThan(1024);
    expect(JSON.parse(json)).toEqual(expect.any(Array));
    const { bytes: keptBytes, stores: storesBefore } = t.app.publicCache.stats();
    // Kept as brotli only: far less than the answer's own bytes.
    expect(keptBytes).toBeLessThan(json.length);
    for (const accept of ["gzip, deflate, br, zstd", "br;q=1, gzip;q=0.5", "*", "br"]) {
      const hit = await get(url, undefined, { "accept-encoding": accept });
      expect(hit.headers["x-public-cache"], accept).toBe("hit");
      expect(hit.headers["content-encoding"], accept).toBe("br");
      expect(hit.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(hit.headers["content-type"]).toBe(miss.headers["content-type"]);
      expect(hit.rawPayload.equals(miss.rawPayload), accept).toBe(true);
    }
    // Brotli refused: gzipped from it once, then kept with it (the cache grows by the gzip).
    for (const accept of ["gzip", "br;q=0, gzip"]) {
      const zipped = await get(url, undefined, { "accept-encoding": accept });
      expect(zipped.headers["x-public-cache"], accept).toBe("hit");
      expect(zipped.headers["content-encoding"], accept).toBe("gzip");
      expect(zipped.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(zipped.rawPayload).toString("utf8")).toBe(json);
    }
    const stats = t.app.publicCache.stats();
    expect(stats.bytes).toBeGreaterThan(keptBytes);
    expect(stats.stores).toBe(storesBefore); // keeping the gzip with the answer is not another answer kept
    // Neither: the answer's own bytes.
    for (const headers of [{ "accept-encoding": "identity" }, {}] as Record<string, string>[]) {
      const plain = await get(url, undefined, headers);
      expect(plain.headers["x-public-cache"]).toBe("hit");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(json);
    }
  });

  it("answers a signed-out read from the cache within the TTL and fresh after it", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    const first = await get("/api/stats");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-public-cache"]).toBeUndefined();
    const before = first.json().posts as number;

    await bumpPostCounter(); // a change the cache cannot know about (another instance, a job)
    expect(await postCount()).toBe(before + 7);

    t.setNow(new Date(base.getTime() + PUBLIC_CACHE_TTL_MS - 1));
    const cached = await get("/api/stats");
    expect(cached.headers["x-public-cache"]).toBe("hit");
    expect(cached.headers["content-type"]).toMatch(/application\/json/);
    expect(cached.json().posts).toBe(before);

    t.setNow(new Date(base.getTime() + PUBLIC_CACHE_TTL_MS));
    const fresh = await get("/api/stats");
    expect(fresh.headers["x-public-cache"]).toBeUndefined();
    expect(fresh.json().posts).toBe(before + 7);
    t.setNow(undefined);
  });

  it("keys on the normalised query: parameter order does not matter, values do", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    const a = await get("/api/posts?limit=3&tag=zzq");
    expect(a.statusCode).toBe(200);
    const b = await get("/api/posts?tag=zzq&limit=3");
    expect(b.headers["x-public-cache"]).toBe("hit");
    const c = await get("/api/posts?tag=zzq&limit=4");
    expect(c.headers["x-public-cache"]).toBeUndefined();
    t.setNow(undefined);
  });

  it("never serves a request with a session cookie, valid or not, from the cache", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    const before = (await get("/api/stats")).json().posts as number;
    await bumpPostCounter();

    const signedIn = await get("/api/stats", member);
    expect(signedIn.headers["x-public-cache"]).toBeUndefined();
    expect(signedIn.json().posts).toBe(before + 7);

    const invalid = await get("/api/stats", undefined, { cookie: `${SESSION_COOKIE}=not-a-real-token` });
    expect(invalid.statusCode).toBe(200);
    expect(invalid.headers["x-public-cache"]).toBeUndefined();
    expect(invalid.json().posts).toBe(before + 7);

    // The signed-out visitor is still within the TTL of the first answer.
    expect((await get("/api/stats")).json().posts).toBe(before);
    t.setNow(undefined);
  });

  it("a write through this instance is seen at once, signed in and signed out", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    await get("/api/posts?limit=3");
    expect((await get("/api/posts?limit=3")).headers["x-public-cache"]).toBe("hit");
    const created = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: member,
      payload: { content: "Cache check 4711 post" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const mine = await get("/api/posts?limit=3", member);
    expect(mine.json()[0].id).toBe(id);
    const visitor = await get("/api/posts?limit=3");
    expect(visitor.headers["x-public-cache"]).toBeUndefined();
    expect(visitor.json()[0].id).toBe(id);
    t.setNow(undefined);
  });

  it("shares a route's answers with members when it answers every viewer alike (global search)", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    const other = await t.register();
    const url = "/api/search?q=kvzzbw";
    const first = await get(url, member);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-public-cache"]).toBeUndefined();
    expect((await get(url, other)).headers["x-public-cache"]).toBe("hit");
    expect((await get(url)).headers["x-public-cache"]).toBe("hit");
    // Other routes stay signed-out only.
    await get("/api/stats");
    expect((await get("/api/stats", member)).headers["x-public-cache"]).toBeUndefined();
    // A write empties it: the new post is found at once.
    const created = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: other,
      payload: { content: "Notes on kvzzbw prompts" },
    });
    expect(created.statusCode).toBe(201);
    const after = await get(url, member);
    expect(after.headers["x-public-cache"]).toBeUndefined();
    expect(after.json().posts.map((p: { id: number }) => p.id)).toContain(created.json().id);
    t.setNow(undefined);
  });

  it("never stores per-viewer fields: a member's model detail keeps its viewer state", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    const [model] = await queryRows<{ id: number; slug: string }>(
      t.ctx.db,
      sql`SELECT id, slug FROM ai_models ORDER BY id LIMIT 1`,
    );
    const liked = await t.inject({
      method: "POST",
      url: `/api/ai-models/${model!.id}/like`,
      as: member,
      payload: { liked: true },
    });
    expect(liked.statusCode).toBe(200);
    const visitor = await get(`/api/ai-models/${model!.slug}`);
    expect(visitor.json().viewer).toBeNull();
    const own = await get(`/api/ai-models/${model!.slug}`, member);
    expect(own.headers["x-public-cache"]).toBeUndefined();
    expect(own.json().viewer).toMatchObject({ liked: true });
    expect((await get(`/api/ai-models/${model!.slug}`)).json().viewer).toBeNull();
    t.setNow(undefined);
  });

  it("counts a model view once per visitor per hour, also when the answer comes from the cache", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    const [model] = await queryRows<{ id: number; slug: string }>(
      t.ctx.db,
      sql`SELECT id, slug FROM ai_models ORDER BY id DESC LIMIT 1`,
    );
    // Views are held and written in batches (decision 0128): the stored counter after a flush.
    const views = async () => {
      await t.ctx.buffers.flush();
      return (
        await queryRows<{ views: number }>(t.ctx.db, sql`SELECT views FROM ai_models WHERE id = ${model!.id}`)
      )[0]!.views;
    };
    const start = await views();
    const as = (ua: string) => get(`/api/ai-models/${model!.slug}`, undefined, { "user-agent": ua });
    const first = await as("agent-1");
    expect(first.headers["x-public-cache"]).toBeUndefined();
    expect(first.json().views).toBe(start + 1);
    expect(await views()).toBe(start + 1);
    // A new visitor within the TTL: answered from the cache (its count is the cached answer's,
    // as a post page's), and counted.
    const second = await as("agent-2");
    expect(second.headers["x-public-cache"]).toBe("hit");
    expect(second.json().views).toBe(start + 1);
    expect(await views()).toBe(start + 2);
    // Visitors already counted this hour get the cached answer, without counting again.
    expect((await as("agent-1")).headers["x-public-cache"]).toBe("hit");
    expect((await as("agent-2")).headers["x-public-cache"]).toBe("hit");
    expect(await views()).toBe(start + 2);
    // An hour later the same visitors count again (the cache entry has long expired too).
    t.setNow(new Date(base.getTime() + 60 * 60 * 1000 + 1));
    await as("agent-1");
    await as("agent-2");
    expect(await views()).toBe(start + 4);
    t.setNow(undefined);
  });

  it("keeps an answer as its bytes: counted at its size, served identical (non-ASCII text too)", async () => {
    t.setNow(base);
    const author = await t.register();
    const content = `Café ☕ — größer 模型 ${Date.now()} 🚀`;
    const created = await t.inject({ method: "POST", url: "/api/posts", payload: { content }, as: author });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/posts/${created.json().id}/comments`;
    t.app.publicCache.clear();
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const stats = t.app.publicCache.stats();
    expect(stats.entries).toBe(1);
    // The answer's UTF-8 bytes (a serialised string counted at two bytes a character filled the
    // budget with half as many answers), plus what keeping it holds on the heap: its entry and key,
    // and its place in the index of the post it names (uncounted, the members' answers held 38 MB
    // on a 24 MB budget).
    expect(stats.bytes).toBe(
      Buffer.byteLength(first.body) + url.length * 2 + ENTRY_OVERHEAD_BYTES + NAMED_ENTITY_BYTES,
    );
    const post = await get(`/api/posts/${created.json().id}`);
    const hit = await get(`/api/posts/${created.json().id}`);
    expect(hit.headers["x-public-cache"]).toBe("hit");
    expect(hit.headers["content-type"]).toBe(post.headers["content-type"]);
    expect(hit.rawPayload.equals(post.rawPayload)).toBe(true);
    expect(hit.json().content).toBe(content);
    t.setNow(undefined);
  });

  it("does not store error answers", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    expect((await get("/api/threads/987654321")).statusCode).toBe(404);
    const again = await get("/api/threads/987654321");
    expect(again.statusCode).toBe(404);
    expect(again.headers["x-public-cache"]).toBeUndefined();
    expect(t.app.publicCache.stats().entries).toBe(0);
    t.setNow(undefined);
  });

  it("single flight: concurrent misses of one URL run the handler's queries once", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    counter.queries = 0;
    await get("/api/forums?limit=7");
    const one = counter.queries;
    expect(one).toBeGreaterThan(0);

    t.app.publicCache.clear();
    counter.queries = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get("/api/forums?limit=7")));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(answers.filter((r) => r.headers["x-public-cache"] === "hit")).toHaveLength(7);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(counter.queries).toBe(one);
    t.setNow(undefined);
  });

  it("while an aged answer is recomputed, concurrent visitors get the aged one at once", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    const before = (await get("/api/stats")).json().posts as number;
    await bumpPostCounter(); // unknown to the cache
    t.setNow(new Date(base.getTime() + PUBLIC_CACHE_TTL_MS)); // aged, within a second TTL
    const answers = await Promise.all(Array.from({ length: 8 }, () => get("/api/stats")));
    const fresh = answers.filter((r) => r.headers["x-public-cache"] === undefined);
    const aged = answers.filter((r) => r.headers["x-public-cache"] === "hit");
    expect(fresh.map((r) => r.json().posts)).toEqual([before + 7]);
    expect(aged).toHaveLength(7);
    expect(aged.every((r) => r.json().posts === before)).toBe(true);
    // The recomputed answer is the one kept.
    expect((await get("/api/stats")).json().posts).toBe(before + 7);
    // Older than twice the TTL, nobody is given it: concurrent requests wait for the new one.
    await bumpPostCounter();
    t.setNow(new Date(base.getTime() + 4 * PUBLIC_CACHE_TTL_MS));
    const later = await Promise.all(Array.from({ length: 4 }, () => get("/api/stats")));
    expect(later.every((r) => r.json().posts === before + 14)).toBe(true);
    t.setNow(undefined);
  });

  it("stays within its entry bound", async () => {
    t.setNow(base);
    t.app.publicCache.clear();
    for (let i = 0; i < MAX_ENTRIES + 20; i++) {
      const res = await get(`/api/posts?limit=1&tag=x${i}`);
      expect(res.statusCode).toBe(200);
    }
    const stats = t.app.publicCache.stats();
    expect(stats.entries).toBe(MAX_ENTRIES);
    // The oldest were evicted, the newest is still there.
    expect((await get("/api/posts?limit=1&tag=x0")).headers["x-public-cache"]).toBeUndefined();
    expect((await get(`/api/posts?limit=1&tag=x${MAX_ENTRIES + 19}`)).headers["x-public-cache"]).toBe("hit");
    t.setNow(undefined);
  });
});

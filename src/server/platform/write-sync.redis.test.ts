import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../test/notification-stream";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";
import { startSecondInstance } from "../test/second-instance";
import { getPubSub } from "./pubsub";
import { WRITES_CHANNEL } from "./write-sync";

/**
 * Two instances sharing one database and one Redis (the "redis" Vitest project, only when
 * TEST_REDIS_URL is set): a write on one resets the other's caches through pub/sub. Both clocks
 * stand still, so no cache entry expires during a test: what the second instance sees fresh, it
 * was told.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("caches across instances (Redis)", () => {
  let t: TestApp;
  let second: FastifyInstance;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp({}, { REDIS_URL });
    t.setNow(now);
    second = await startSecondInstance(t, [WRITES_CHANNEL], { now: () => now });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const onSecond = (url: string, m?: TestMember) =>
    second.inject({ method: "GET", url, headers: m ? { cookie: m.cookie } : {} });

  it("a logout on one instance ends the session on the other, which had it cached", async () => {
    const m = await t.register();
    expect((await onSecond("/api/auth/me", m)).statusCode).toBe(200);
    expect((await t.inject({ method: "POST", url: "/api/auth/logout", as: m })).statusCode).toBe(200);
    await eventually(async () => (await onSecond("/api/auth/me", m)).statusCode === 401);
  });

  it("a post made on one instance is in the other's feed, for members and visitors", async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    await onSecond("/api/posts?limit=10", bob);
    await onSecond("/api/posts?limit=10");
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: `Across instances ${Date.now()}` },
      as: alice,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const ids = async (m?: TestMember) =>
      ((await onSecond("/api/posts?limit=10", m)).json() as Array<{ id: number }>).map((p) => p.id);
    await eventually(async () => (await ids(bob)).includes(id));
    await eventually(async () => (await ids()).includes(id));
  });

  it("a write that names a post drops that post's page on the other instance, and only it (decision 0119)", async () => {
    // Registering is a write that names nothing (it would empty everything): done first.
    const [alice, bob] = [await t.register(), await t.register()];
    const create = async () =>
      (
        await t.inject({
          method: "POST",
          url: "/api/posts",
          payload: { content: `Named across instances ${Date.now()} ${Math.random()}` },
          as: alice,
        })
      ).json().id as number;
    const [liked, untouched] = [await create(), await create()];
    const page = (id: number) => onSecond(`/api/posts/${id}`);
    expect((await page(liked)).json().likes).toBe(0);
    await page(untouched);
    expect((await page(liked)).headers["x-public-cache"]).toBe("hit");
    expect((await t.inject({ method: "POST", url: `/api/posts/${liked}/like`, as: bob })).statusCode).toBe(
      200,
    );
    await eventually(async () => (await page(liked)).json().likes === 1);
    expect((await page(untouched)).headers["x-public-cache"]).toBe("hit");
  });

  it("a like on one instance shows on the member's feed on the other, which kept their likes (decision 0150)", async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: `Liked across instances ${Date.now()} ${Math.random()}` },
      as: alice,
    });
    const id = res.json().id as number;
    const liked = async () =>
      ((await onSecond("/api/posts?limit=10", bob)).json() as Array<{ id: number; isLiked: boolean }>).find(
        (p) => p.id === id,
      )?.isLiked;
    await eventually(async () => (await liked()) === false);
    expect((await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: bob })).statusCode).toBe(200);
    await eventually(async () => (await liked()) === true);
    expect((await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: bob })).statusCode).toBe(200);
    await eventually(async () => (await liked()) === false);
  });

  it("a like on one instance shows on a feed page after a cursor the other kept for members (decision 0153)", async () => {
    const [alice, bob, carol] = [await t.register(), await t.register(), await t.register()];
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.inject({
        method: "POST",
        url: "/api/posts",
        payload: { content: `Kept page across instances ${i} ${Date.now()} ${Math.random()}` },
        as: alice,
      });
      made.push(res.json().id as number);
    }
    const url = `/api/posts?limit=2&cursor=${made[2]}`;
    const likes = async () =>
      ((await onSecond(url, bob)).json() as Array<{ id: number; likes: number }>).find(
        (p) => p.id === made[1],
      )?.likes;
    await eventually(async () => (await likes()) === 0);
    expect(
      (await t.inject({ method: "POST", url: `/api/posts/${made[1]}/like`, as: carol })).statusCode,
    ).toBe(200);
    await eventually(async () => (await likes()) === 1);
  });

  it("hears only the writes of its own deployment when another shares the Redis (REDIS_PREFIX)", async () => {
    const alice = await t.register();
    const create = async () =>
      (
        await t.inject({
          method: "POST",
          url: "/api/posts",
          payload: { content: `One deployment of two ${Date.now()} ${Math.random()}` },
          as: alice,
        })
      ).json().id as number;
    const [kept, probed] = [await create(), await create()];
    const page = (id: number) => onSecond(`/api/posts/${id}`);
    for (const id of [kept, probed]) await page(id);
    expect((await page(kept)).headers["x-public-cache"]).toBe("hit");
    expect((await page(probed)).headers["x-public-cache"]).toBe("hit");
    // What an instance publishes for a write (pubsub.ts's envelope), under a deployment's prefix.
    const publisher = new Redis(REDIS_URL);
    const announce = (prefix: string, message: object) =>
      publisher.publish(`${prefix}${WRITES_CHANNEL}`, JSON.stringify({ c: WRITES_CHANNEL, m: message }));
    try {
      // Another deployment's write naming nothing (it would empty every cache here), then, on the
      // same connection, one of ours naming only `probed`: once that is heard, so was the first.
      await announce("another-site:", { origin: "another-site" });
      await announce(t.ctx.config.redisPrefix, { origin: "probe", touches: [`post:${probed}`] });
      await eventually(async () => (await page(probed)).headers["x-public-cache"] !== "hit");
      expect((await page(kept)).headers["x-public-cache"]).toBe("hit");
      // The same write under our prefix empties it.
      await announce(t.ctx.config.redisPrefix, { origin: "probe" });
      await eventually(async () => (await page(kept)).headers["x-public-cache"] !== "hit");
    } finally {
      publisher.disconnect();
    }
  });

  it("an instance whose Redis subscription was cut empties its caches when it is back (decision 0126)", async () => {
    const alice = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: `Before the cut ${Date.now()}` },
      as: alice,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const page = () => onSecond(`/api/posts/${id}`);
    await page();
    // A change no announcement reaches the second instance with, as one made while it was cut off.
    const changed = `Changed while the second instance was cut off ${Date.now()}`;
    await t.ctx.db.execute(sql`UPDATE posts SET content = ${changed} WHERE id = ${id}`);
    expect((await page()).headers["x-public-cache"]).toBe("hit");
    const name = getPubSub(second.ctx).subscriberName;
    const admin = new Redis(REDIS_URL);
    try {
      const clients = String(await admin.client("LIST")).split("\n");
      const line = clients.find((l) => l.includes(` name=${name} `));
      const clientId = line && /\bid=(\d+)/.exec(line)?.[1];
      expect(clientId, `subscriber ${name} in CLIENT LIST`).toBeTruthy();
      await admin.client("KILL", "ID", clientId as string);
    } finally {
      admin.disconnect();
    }
    await eventually(async () => (await page()).json().content === changed);
  });
});

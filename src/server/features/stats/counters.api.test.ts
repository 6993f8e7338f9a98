/**
 * The aggregates every new post updates are kept in shard rows, one per database connection
 * (migration 0013), so concurrent posts do not queue on one row. Only their sum means anything:
 * these tests write from many connections at once, delete through others, and check that the
 * landing counters and trending topics still equal what the posts table says.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommunityStats } from "../../../common/stats";
import type { TrendingTopic } from "../../../common/trending";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let authors: TestMember[];

beforeAll(async () => {
  t = await createTestApp();
  authors = [await t.register(), await t.register(), await t.register()];
});
afterAll(async () => {
  t.setNow(undefined);
  await t?.close();
});

const HOUR = 3_600_000;

async function stats(): Promise<CommunityStats> {
  const res = await t.inject({ method: "GET", url: "/api/stats" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function topic(hashtag: string, timeframe = "24h"): Promise<TrendingTopic | undefined> {
  const res = await t.inject({ method: "GET", url: `/api/trending/topics?timeframe=${timeframe}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TrendingTopic[]).find((x) => x.hashtag === hashtag);
}

/** Many statements in flight at once: on PostgreSQL they spread over the pool's connections. */
const concurrently = <T>(n: number, one: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => one(i)));

describe("sharded counters", () => {
  it("counts posts, reviews and a hashtag exactly when posts are written and deleted concurrently", async () => {
    const now = new Date("2031-06-01T12:30:00.000Z");
    t.setNow(now);
    // Posts from two hours ago: a whole hour of the 24h window, answered from hashtag_hourly.
    const at = new Date(now.getTime() - 2 * HOUR).toISOString();
    const ids = (
      await concurrently(60, (i) =>
        queryRows<{ id: number }>(
          t.ctx.db,
          sql`INSERT INTO posts (author_id, content, tags, tag_keys, ai_model, rating, created_at, updated_at)
              VALUES (${authors[i % 3]!.id}, ${`Sharded counter post ${i}`}, ARRAY['Sharded'], ARRAY['sharded'],
                      ${i % 2 === 0 ? "chatgpt" : null}, ${i % 2 === 0 ? 4 : null},
                      ${at}::timestamptz, ${at}::timestamptz)
              RETURNING id`,
        ),
      )
    ).map(([row]) => row!.id);
    // Delete 25 of them (13 rated) through whichever connections the pool hands out.
    const removed = ids.filter((_, i) => i % 5 < 2 || i === 3);
    await concurrently(removed.length, (i) =>
      queryRows(t.ctx.db, sql`DELETE FROM posts WHERE id = ${removed[i]!} RETURNING id`),
    );
    await t.exec("SELECT 1"); // behind the app's back: empty its caches

    const [truth] = await queryRows<{ posts: number; reviews: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS posts, count(*) FILTER (WHERE rating IS NOT NULL)::int AS reviews FROM posts`,
    );
    expect(truth!.posts).toBe(35);
    const figures = await stats();
    expect(figures.posts).toBe(truth!.posts);
    expect(figures.reviews).toBe(truth!.reviews);
    expect((await topic("Sharded"))?.posts).toBe(35);

    // On PostgreSQL the writes really went to several shard rows (the pool's connections).
    const [shards] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM site_counters WHERE key = 'posts' AND total <> 0`,
    );
    expect(shards!.n).toBeGreaterThan(process.env.AGORA_TEST_DB === "postgres" ? 1 : 0);
  });

  it("sums a tag's shard rows, below zero included (counted in one shard, deleted through another)", async () => {
    const now = new Date("2031-07-01T12:30:00.000Z");
    t.setNow(now);
    const hour = new Date(Date.UTC(2031, 6, 1, 9)).toISOString(); // a whole hour inside the last 24h
    await t.exec(`
      INSERT INTO hashtags (tag_key, display) VALUES ('negshard', 'NegShard') ON CONFLICT DO NOTHING;
      INSERT INTO hashtag_hourly (hour, tag_key, shard, posts) VALUES
        ('${hour}', 'negshard', 1, 3), ('${hour}', 'negshard', 2, -1), ('${hour}', 'negshard', 3, 0);`);
    expect((await topic("NegShard"))?.posts).toBe(2);
  });

  it("a truncated table counts nothing, whatever shards it had", async () => {
    await t.exec(`
      INSERT INTO site_counters (key, shard, total, rated) VALUES ('prompts', 5, 4, 0)
      ON CONFLICT (key, shard) DO UPDATE SET total = site_counters.total + 4;
      TRUNCATE prompts CASCADE;`);
    expect((await stats()).prompts).toBe(0);
  });
});

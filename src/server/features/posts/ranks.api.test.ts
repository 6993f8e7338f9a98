import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, TEST_DB_KIND, type TestApp } from "../../test/harness";
import { refreshRanks } from "./ranks";

let t: TestApp;
beforeAll(async () => {
  // The timer never fires during a test: each refresh here is asked for.
  t = await createTestApp({ rankRefreshMs: 3_600_000 });
});
afterAll(async () => t?.close());

/** A post by a new member each time (posting is limited per member, and repeated texts refused). */
async function newPost(): Promise<number> {
  const res = await t.inject({
    method: "POST",
    url: "/api/posts",
    as: await t.register(),
    payload: { content: `Ranked note ${randomTag(10)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const noted = async (ids: number[]) =>
  (
    await queryRows<{ id: number }>(
      t.ctx.db,
      sql`SELECT post_id AS id FROM post_rank_changes WHERE post_id = ANY(${`{${ids.join(",")}}`}::int[]) ORDER BY 1`,
    )
  ).map((r) => r.id);

const ranks = async (id: number) =>
  (
    await queryRows<{ hot: number; live: number; ranked: number; likes: number }>(
      t.ctx.db,
      sql`SELECT hot_score AS hot, post_hot_score(likes, comments, views, created_at) AS live,
                 ranked_likes AS ranked, likes FROM posts WHERE id = ${id}`,
    )
  )[0]!;

describe("Hot and Top ranks refreshed apart from the counters (decision 0147)", () => {
  it("a new post is ranked as it is inserted", async () => {
    const id = await newPost();
    const r = await ranks(id);
    expect(r.hot).toBe(r.live);
    expect(r.hot).toBeGreaterThan(0);
    expect(await noted([id])).toEqual([]);
  });

  it("a like changes its post in place: no index entry written (a HOT update), the post noted for its ranks", async () => {
    const id = await newPost();
    const counts = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE posts SET likes = likes + 1 WHERE id = ${id}`);
      return queryRows<{ updates: number; hot: number }>(
        tx,
        sql`SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot
              FROM pg_stat_xact_user_tables WHERE relname = 'posts'`,
      );
    });
    expect(counts).toEqual([{ updates: 1, hot: 1 }]);
    expect(await noted([id])).toEqual([id]);
    const before = await ranks(id);
    expect(before.likes).toBe(1);
    expect(before.ranked).toBe(0);
    expect(before.hot).toBeLessThan(before.live);
    await t.ctx.buffers.flush();
    const after = await ranks(id);
    expect(after.ranked).toBe(1);
    expect(after.hot).toBe(after.live);
    expect(await noted([id])).toEqual([]);
  });

  it("takes the notes a chunk at a time, and drops a deleted post's note", async () => {
    const ids = [await newPost(), await newPost(), await newPost()];
    await t.exec(`UPDATE posts SET views = views + 7 WHERE id IN (${ids.join(",")})`);
    expect(await noted(ids)).toEqual(ids);
    await t.exec(`DELETE FROM posts WHERE id = ${ids[0]}`);
    // Other tests' notes may come first: refresh in chunks of two until these are taken.
    for (let i = 0; i < 50 && (await noted(ids)).length > 0; i++) await refreshRanks(t.ctx.db, 2);
    expect(await noted(ids)).toEqual([]);
    for (const id of ids.slice(1)) {
      const r = await ranks(id);
      expect(r.hot).toBe(r.live);
    }
  });

  it("skips a post another transaction is changing, leaving its note for the next refresh", async () => {
    const [busy, free] = [await newPost(), await newPost()];
    await t.exec(`UPDATE posts SET likes = likes + 3 WHERE id IN (${busy}, ${free})`);
    if (TEST_DB_KIND === "postgres") {
      // One connection of the pool holds the busy post while the refresh runs on another: a
      // refresh that waited for it would wait for this transaction, which waits for the refresh.
      await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM posts WHERE id = ${busy} FOR UPDATE`);
        while ((await noted([free])).length > 0) await refreshRanks(t.ctx.db);
        expect(await noted([busy, free])).toEqual([busy]);
      });
    }
    await t.ctx.buffers.flush();
    expect(await noted([busy, free])).toEqual([]);
    expect((await ranks(busy)).ranked).toBe(3);
    expect((await ranks(free)).ranked).toBe(3);
  });
});

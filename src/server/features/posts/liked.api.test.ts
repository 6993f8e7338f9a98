/**
 * A member's likes kept in memory (decision 0150, posts/liked.ts): every feed page a member reads
 * shows which posts they liked, from the likes read once. Each test reads the page first, so the
 * likes are kept before the change it makes: a change that did not reach them would show stale.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";
import { KEPT_LIKES_TTL_MS, MAX_KEPT_LIKES } from "./liked";

let t: TestApp;
let clock: number;
beforeAll(async () => {
  t = await createTestApp();
  clock = Date.now();
  t.setNow(new Date(clock));
});
afterAll(async () => t?.close());

type Card = { id: number; isLiked: boolean; likes: number };

async function page(url: string, as: TestMember): Promise<Card[]> {
  const res = await t.inject({ method: "GET", url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const likedIn = (cards: Card[], id: number) => cards.find((c) => c.id === id)?.isLiked;

async function newPost(as: TestMember, tag = ""): Promise<number> {
  const res = await t.inject({
    method: "POST",
    url: "/api/posts",
    as,
    payload: { content: `Kept likes ${randomTag(10)}${tag ? ` #${tag}` : ""}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const like = async (as: TestMember, id: number) => {
  const res = await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { liked: boolean; likes: number };
};

describe("a member's likes on feed pages", () => {
  it("a like and an unlike show on the member's next page, on the first page and after a cursor", async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const older = await newPost(alice);
    const newer = await newPost(alice);
    const first = `/api/posts?limit=5`;
    const after = `/api/posts?limit=5&cursor=${newer}`;
    expect(likedIn(await page(first, bob), newer)).toBe(false);
    expect(likedIn(await page(after, bob), older)).toBe(false);

    expect(await like(bob, newer)).toEqual({ liked: true, likes: 1 });
    expect(await like(bob, older)).toEqual({ liked: true, likes: 1 });
    expect(likedIn(await page(first, bob), newer)).toBe(true);
    expect(likedIn(await page(after, bob), older)).toBe(true);
    // Nobody else's page says so.
    expect(likedIn(await page(first, alice), newer)).toBe(false);

    expect(await like(bob, newer)).toEqual({ liked: false, likes: 0 });
    expect(likedIn(await page(first, bob), newer)).toBe(false);
    expect(likedIn(await page(after, bob), older)).toBe(true);
  });

  it("a like shows on the home feed and on a hashtag's page alike", async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const tag = randomTag(8);
    const id = await newPost(alice, tag);
    expect(likedIn(await page("/api/posts?limit=5", bob), id)).toBe(false);
    expect(likedIn(await page(`/api/posts?limit=5&tag=${tag}`, bob), id)).toBe(false);
    await like(bob, id);
    expect(likedIn(await page("/api/posts?limit=5", bob), id)).toBe(true);
    expect(likedIn(await page(`/api/posts?limit=5&tag=${tag}`, bob), id)).toBe(true);
  });

  it("the Following tab shows the member's likes, on a first visit and after a like", async () => {
    const [alice, bob, carol] = [await t.register(), await t.register(), await t.register()];
    const liked = await newPost(alice);
    const other = await newPost(alice);
    await like(bob, liked); // before bob reads any page: his likes are not kept yet
    for (const viewer of [bob, carol]) {
      const res = await t.inject({ method: "POST", url: `/api/users/${alice.id}/follow`, as: viewer });
      expect(res.statusCode, res.body).toBe(200);
    }
    const following = "/api/posts?limit=5&tab=following";
    const first = await page(following, bob);
    expect(first.map((c) => c.id)).toEqual([other, liked]);
    expect(likedIn(first, liked)).toBe(true);
    expect(likedIn(first, other)).toBe(false);
    expect(likedIn(await page(following, carol), liked)).toBe(false);
    await like(bob, other);
    expect(likedIn(await page(following, bob), other)).toBe(true);
    expect(likedIn(await page(`${following}&cursor=${other}`, bob), liked)).toBe(true);
  });

  it("a like written behind the app's back shows once the kept likes expire", async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const id = await newPost(alice);
    expect(likedIn(await page("/api/posts?limit=5", bob), id)).toBe(false);
    // Not announced (no write through the app): the kept likes stand until they expire.
    await t.ctx.db.execute(sql`INSERT INTO post_likes (post_id, user_id) VALUES (${id}, ${bob.id})`);
    expect(likedIn(await page("/api/posts?limit=5", bob), id)).toBe(false);
    clock += KEPT_LIKES_TTL_MS;
    t.setNow(new Date(clock));
    expect(likedIn(await page("/api/posts?limit=5", bob), id)).toBe(true);
  });

  it("a member with more likes than are kept sees each of them, the newest posts' too", async () => {
    const [alice, bob, carol] = [await t.register(), await t.register(), await t.register()];
    const first = await newPost(alice);
    // More posts than are kept, each liked by bob (written as one statement, then announced).
    const many = MAX_KEPT_LIKES + 5;
    await t.exec(`
      INSERT INTO posts (author_id, content, tags, created_at)
        SELECT ${alice.id}, 'Liked in bulk ' || g, '{}', now() FROM generate_series(1, ${many}) g;
      INSERT INTO post_likes (post_id, user_id)
        SELECT id, ${bob.id} FROM posts WHERE author_id = ${alice.id} AND id > ${first};`);
    // Alice's day of posts is spent (the bulk counts): carol writes the newest.
    const unliked = await newPost(carol);
    const cards = await page("/api/posts?limit=20", bob);
    expect(cards[0]?.id).toBe(unliked);
    expect(cards[0]?.isLiked).toBe(false);
    // The newest liked posts have the highest ids: past the first MAX_KEPT_LIKES in post order.
    expect(cards.slice(1).every((c) => c.isLiked)).toBe(true);
    expect(likedIn(await page(`/api/posts?limit=5&cursor=${first + 1}`, bob), first)).toBe(false);
    await like(bob, unliked);
    expect(likedIn(await page("/api/posts?limit=20", bob), unliked)).toBe(true);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotScore, TIMEFRAME_MS, TIMEFRAMES, type TrendingTopic } from "../../../common/trending";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { RESULT_TTL_MS } from "./service";

let t: TestApp;
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.register({ generation: "genz" });
  bob = await t.register({ generation: "boomer" });
  carol = await t.register({ generation: "genx" });
});
afterAll(async () => {
  t.setNow(undefined);
  await t?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Inserts a post straight into the table at a given time (the trigger keeps the aggregates). */
async function insertPost(
  author: TestMember,
  at: Date,
  tags: string[],
  extra: Partial<{
    likes: number;
    comments: number;
    views: number;
    anonymous: boolean;
    content: string;
  }> = {},
): Promise<number> {
  const keys = tags.map((x) => x.toLowerCase());
  const [row] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`insert into posts (author_id, content, tags, tag_keys, created_at, updated_at, likes, comments, views, is_anonymous)
      values (${author.id}, ${extra.content ?? `Post about ${tags.join(" ") || "nothing"}`},
        ${sql.raw(`ARRAY[${tags.map((x) => `'${x}'`).join(",")}]::text[]`)},
        ${sql.raw(`ARRAY[${keys.map((x) => `'${x}'`).join(",")}]::text[]`)},
        ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz,
        ${extra.likes ?? 0}, ${extra.comments ?? 0}, ${extra.views ?? 0}, ${extra.anonymous ?? false})
      returning id`,
  );
  return row!.id;
}

const topics = async (timeframe?: string): Promise<TrendingTopic[]> => {
  const res = await t.inject({
    method: "GET",
    url: `/api/trending/topics${timeframe ? `?timeframe=${timeframe}&limit=100` : "?limit=100"}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("trending topics", () => {
  it("ranks hashtags by posts in the window with growth against the previous window", async () => {
    const now = new Date("2031-03-10T12:30:00.000Z");
    t.setNow(now);
    const ago = (h: number) => new Date(now.getTime() - h * HOUR);
    // #Alpha: 3 in the last 24h, 1 in the 24h before → +200%.
    for (const h of [1, 5, 20]) await insertPost(alice, ago(h), ["Alpha"]);
    await insertPost(bob, ago(30), ["alpha"]);
    // #Beta: 2 now, none before → new.
    await insertPost(bob, ago(2), ["Beta", "Alpha"]);
    await insertPost(carol, ago(0), ["beta"]);
    // #Gamma: 1 now, 2 before → -50%.
    await insertPost(carol, ago(10), ["Gamma"]);
    await insertPost(carol, ago(26), ["Gamma"]);
    await insertPost(carol, ago(47), ["gamma"]);
    // Outside both windows.
    await insertPost(alice, ago(60), ["Alpha", "Delta"]);

    const day = await topics();
    expect(day.map((x) => [x.hashtag, x.posts, x.previousPosts, x.growth, x.isNew])).toEqual([
      ["Alpha", 4, 1, 300, false],
      ["Beta", 2, 0, null, true],
      ["Gamma", 1, 2, -50, false],
    ]);
    // The first spelling seen names the topic; ids are stable.
    expect(day[0]!.id).toBeGreaterThan(0);
    expect(day.every((x) => Number.isFinite(x.growth ?? 0))).toBe(true);
    expect(day.find((x) => x.hashtag === "Beta")!.category).toBe("General");

    // 1h window (now - 1h, now]: the post made at this instant; the one exactly an hour ago is out.
    const hour = await topics("1h");
    expect(hour.map((x) => [x.hashtag, x.posts, x.isNew])).toEqual([["Beta", 1, true]]);

    // 7d window: everything above; previous 7 days empty → all new.
    const week = await topics("7d");
    expect(week.map((x) => [x.hashtag, x.posts, x.isNew])).toEqual([
      ["Alpha", 6, true],
      ["Gamma", 3, true],
      ["Beta", 2, true],
      ["Delta", 1, true],
    ]);
  });

  it("answers exactly what the raw posts say for every timeframe and clock (aggregates vs brute force)", async () => {
    const base = new Date("2032-01-01T00:00:00.000Z").getTime();
    const tags = ["one", "two", "three", "four", "five"];
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 160; i++) {
      const at = new Date(base + Math.floor(rand() * 70 * DAY));
      const chosen = tags.filter(() => rand() < 0.4);
      await insertPost([alice, bob, carol][i % 3]!, at, chosen);
    }
    const clocks = [
      new Date(base + 40 * DAY + 7 * HOUR + 13 * 60_000 + 17_000),
      new Date(base + 62 * DAY), // on a day boundary
      new Date(base + 61 * DAY + 23 * HOUR + 59 * 60_000),
    ];
    for (const now of clocks) {
      t.setNow(now);
      for (const tf of TIMEFRAMES) {
        const end = now.getTime() + 1;
        const len = TIMEFRAME_MS[tf];
        const count = async (from: number, to: number) =>
          queryRows<{ k: string; n: number }>(
            t.ctx.db,
            sql`select k, count(*)::int as n from posts, unnest(tag_keys) k
              where created_at >= ${new Date(from).toISOString()}::timestamptz
                and created_at < ${new Date(to).toISOString()}::timestamptz
                and k in ('one', 'two', 'three', 'four', 'five')
              group by k`,
          );
        const cur = new Map((await count(end - len, end)).map((r) => [r.k, r.n]));
        const prev = new Map((await count(end - 2 * len, end - len)).map((r) => [r.k, r.n]));
        const got = (await topics(tf)).filter((x) => tags.includes(x.hashtag));
        expect(
          Object.fromEntries(got.map((x) => [x.hashtag, [x.posts, x.previousPosts]])),
          `${tf} at ${now.toISOString()}`,
        ).toEqual(Object.fromEntries([...cur].map(([k, n]) => [k, [n, prev.get(k) ?? 0]])));
      }
    }
  });

  it("follows posts through edits and deletion", async () => {
    const now = new Date("2033-05-05T10:00:00.000Z");
    t.setNow(now);
    // Sessions expire on the test clock: sign up at this time.
    const dave = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: dave,
      payload: { content: "Testing the #Editable topic today", tags: [] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await topics()).map((x) => [x.hashtag, x.posts])).toEqual([["Editable", 1]]);

    const edit = await t.inject({
      method: "PUT",
      url: `/api/posts/${id}`,
      as: dave,
      payload: { content: "Now it is about #Renamed instead" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const afterEdit = (await topics()).map((x) => x.hashtag);
    expect(afterEdit).toContain("Renamed");
    const del = await t.inject({ method: "DELETE", url: `/api/posts/${id}`, as: dave });
    expect(del.statusCode).toBe(200);
    expect(await topics()).toEqual([]);
  });

  it("refuses unknown timeframes and limits with 400", async () => {
    for (const url of [
      "/api/trending/topics?timeframe=2h",
      "/api/trending/posts?timeframe=week",
      "/api/trending/creators?timeframe=",
      "/api/trending/topics?limit=0",
      "/api/trending/posts?limit=abc",
    ]) {
      const res = await t.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/timeframe|limit/);
    }
    expect((await t.inject({ method: "GET", url: "/api/trending/topics?timeframe=2h" })).json().message).toBe(
      "timeframe must be one of 1h, 24h, 7d, 30d",
    );
  });
});

describe("hot posts", () => {
  it("orders by the documented time-decayed score and hides anonymous authors", async () => {
    const now = new Date("2034-07-01T12:00:00.000Z");
    t.setNow(now);
    const ago = (h: number) => new Date(now.getTime() - h * HOUR);
    const specs = [
      { h: 1, likes: 2, comments: 0, views: 10, author: alice }, // 3 / 3^1.5 = 0.577
      { h: 10, likes: 20, comments: 5, views: 100, author: bob }, // 40 / 12^1.5 = 0.962
      { h: 20, likes: 50, comments: 10, views: 500, author: carol, anonymous: true }, // 120 / 22^1.5 = 1.163
      { h: 3, likes: 0, comments: 0, views: 0, author: alice }, // 0
      { h: 23, likes: 1, comments: 0, views: 0, author: bob }, // 1 / 25^1.5 = 0.008
      { h: 30, likes: 1000, comments: 0, views: 0, author: bob }, // outside 24h
    ];
    const ids: number[] = [];
    for (const s of specs) {
      ids.push(
        await insertPost(s.author, ago(s.h), [], {
          likes: s.likes,
          comments: s.comments,
          views: s.views,
          anonymous: s.anonymous,
          content: `Hot post ${s.h}`,
        }),
      );
    }
    const res = await t.inject({ method: "GET", url: "/api/trending/posts?timeframe=24h" });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.map((p) => p.id)).toEqual([ids[2], ids[1], ids[0], ids[4], ids[3]]);
    const expected = specs.map((s) => hotScore({ ...s, createdAt: ago(s.h) }, now));
    expect(list[0]!.trending_score).toBeCloseTo(expected[2]!, 3);
    expect(list[1]!.trending_score).toBeCloseTo(expected[1]!, 3);
    expect(list[0]).toMatchObject({
      author: "Anonymous",
      authorId: null,
      timeAgo: "20 hours ago",
      likes: 50,
    });
    expect(list[1]).toMatchObject({ author: bob.username, authorId: bob.id, comments: 5, views: 100 });
    expect(list[2]!.timeAgo).toBe("1 hour ago");
    expect(Object.keys(list[0]!)).toEqual(
      expect.arrayContaining([
        "id",
        "author",
        "aiModel",
        "timeAgo",
        "trending_score",
        "content",
        "likes",
        "comments",
        "views",
      ]),
    );

    // Admins see who wrote the anonymous post (DESIGN §4).
    const admin = await t.register();
    await t.makeAdmin(admin);
    const asAdmin = (await t.inject({ method: "GET", url: "/api/trending/posts", as: admin })).json();
    expect(asAdmin[0]).toMatchObject({ author: carol.username });

    // 30d includes the older, much-liked post; its age keeps it below... or above: the formula decides.
    const month = (await t.inject({ method: "GET", url: "/api/trending/posts?timeframe=30d" })).json();
    const old = month.find((p: { id: number }) => p.id === ids[5]);
    expect(old.trending_score).toBeCloseTo(
      hotScore({ likes: 1000, comments: 0, views: 0, createdAt: ago(30) }, now),
      3,
    );
    expect(month[0].id).toBe(ids[5]);
  });
});

describe("rising creators", () => {
  it("ranks members by followers gained and likes received in the window", async () => {
    const now = new Date("2035-02-01T12:00:00.000Z");
    t.setNow(now);
    const ago = (h: number) => new Date(now.getTime() - h * HOUR).toISOString();
    const bobPost = await insertPost(bob, new Date(now.getTime() - 40 * HOUR), [], { content: "Bob's post" });
    const carolAnon = await insertPost(carol, new Date(now.getTime() - 40 * HOUR), [], { anonymous: true });
    const exec = (q: ReturnType<typeof sql>) => t.ctx.db.execute(q);
    // Alice gains 2 followers in the window (6 points); Bob gets 4 likes (4 points), one by himself (ignored)
    // and one 2 days ago (outside); Carol's likes are on an anonymous post (never counted).
    const extra = await Promise.all([t.register(), t.register(), t.register(), t.register()]);
    await exec(sql`insert into follows (follower_id, followee_id, created_at) values
      (${extra[0]!.id}, ${alice.id}, ${ago(2)}::timestamptz), (${extra[1]!.id}, ${alice.id}, ${ago(5)}::timestamptz),
      (${extra[2]!.id}, ${alice.id}, ${ago(50)}::timestamptz)`);
    await exec(sql`insert into post_likes (post_id, user_id, created_at) values
      (${bobPost}, ${extra[0]!.id}, ${ago(1)}::timestamptz), (${bobPost}, ${extra[1]!.id}, ${ago(2)}::timestamptz),
      (${bobPost}, ${extra[2]!.id}, ${ago(3)}::timestamptz), (${bobPost}, ${extra[3]!.id}, ${ago(4)}::timestamptz),
      (${bobPost}, ${bob.id}, ${ago(4)}::timestamptz), (${bobPost}, ${alice.id}, ${ago(48)}::timestamptz),
      (${carolAnon}, ${extra[0]!.id}, ${ago(1)}::timestamptz), (${carolAnon}, ${extra[1]!.id}, ${ago(1)}::timestamptz)`);
    const res = await t.inject({ method: "GET", url: "/api/trending/creators?timeframe=24h" });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((c: Record<string, unknown>) => [c.username, c.followersGained, c.likesReceived, c.score]),
    ).toEqual([
      [alice.username, 2, 0, 6],
      [bob.username, 0, 4, 4],
    ]);
    const week = (await t.inject({ method: "GET", url: "/api/trending/creators?timeframe=7d" })).json();
    expect(week.map((c: Record<string, unknown>) => [c.username, c.score])).toEqual([
      [alice.username, 9],
      [bob.username, 5],
    ]);
  });
});

describe("rising creators aggregates", () => {
  it("take back unlikes, unfollows and the likes of a deleted post", async () => {
    const now = new Date("2036-04-01T12:00:00.000Z");
    t.setNow(now);
    const author = await t.register();
    const fan = await t.register();
    const secondFan = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: author,
      payload: { content: "Rising star post" },
    });
    const postId = res.json().id as number;
    const rising = async () =>
      (await t.inject({ method: "GET", url: "/api/trending/creators?timeframe=1h" })).json() as Array<{
        id: number;
        followersGained: number;
        likesReceived: number;
      }>;
    // A ranking is kept for RESULT_TTL_MS (decision 0133): each look comes a minute later.
    let clock = now.getTime();
    const aMinuteLater = () => {
      clock += RESULT_TTL_MS;
      t.setNow(new Date(clock));
    };
    await t.inject({ method: "POST", url: `/api/posts/${postId}/like`, as: fan });
    await t.inject({ method: "POST", url: `/api/users/${author.id}/follow`, as: fan });
    // the author liking their own post does not count
    await t.inject({ method: "POST", url: `/api/posts/${postId}/like`, as: author });
    aMinuteLater();
    expect((await rising()).find((c) => c.id === author.id)).toMatchObject({
      followersGained: 1,
      likesReceived: 1,
    });
    // Another like: within the minute the kept ranking is answered, after it the like counts.
    await t.inject({ method: "POST", url: `/api/posts/${postId}/like`, as: secondFan });
    expect((await rising()).find((c) => c.id === author.id)).toMatchObject({ likesReceived: 1 });
    aMinuteLater();
    expect((await rising()).find((c) => c.id === author.id)).toMatchObject({ likesReceived: 2 });
    await t.inject({ method: "POST", url: `/api/posts/${postId}/like`, as: secondFan });
    // An unfollow is a write about members: it empties the kept rankings at once.
    await t.inject({ method: "DELETE", url: `/api/users/${author.id}/follow`, as: fan });
    expect((await rising()).find((c) => c.id === author.id)).toMatchObject({
      followersGained: 0,
      likesReceived: 1,
    });
    await t.inject({ method: "DELETE", url: `/api/posts/${postId}`, as: author });
    aMinuteLater();
    expect((await rising()).find((c) => c.id === author.id)).toBeUndefined();
    const [row] = await queryRows<{ likes: number; follows: number }>(
      t.ctx.db,
      sql`select coalesce(sum(likes), 0)::int as likes, coalesce(sum(follows), 0)::int as follows
        from creator_activity_daily where user_id = ${author.id}`,
    );
    expect(row).toEqual({ likes: 0, follows: 0 });
  });
});

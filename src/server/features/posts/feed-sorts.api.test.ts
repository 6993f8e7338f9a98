import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";
import { TAG_PAGE_WINDOW } from "./queries";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Json = Record<string, unknown> & { id: number; author: { id: number | null; username: string } };
const HOUR = 60 * 60 * 1000;

async function get(url: string, as?: TestMember): Promise<Json[]> {
  const res = await t.inject({ method: "GET", url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

let seq = 0;
async function newPost(as: TestMember, extra: Record<string, unknown> = {}, tag = "") {
  seq += 1;
  const res = await t.inject({
    method: "POST",
    url: "/api/posts",
    as,
    payload: { content: `Sorted note ${seq} ${randomTag(8)} ${tag ? `#${tag}` : ""}`, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Json).id;
}

/**
 * Sets a post's counters and age behind the app's back (standing for many members' activity),
 * then lets the ranks follow (the app's refresh, decision 0147).
 */
async function setPost(
  id: number,
  v: { likes?: number; comments?: number; views?: number; hoursAgo?: number },
) {
  await t.exec(
    `UPDATE posts SET likes = ${v.likes ?? 0}, comments = ${v.comments ?? 0}, views = ${v.views ?? 0},
     created_at = now() - interval '${v.hoursAgo ?? 0} hours' WHERE id = ${id}`,
  );
  await t.ctx.buffers.flush();
}

/** Every page of `url` with `limit`, following the cursor (the last id seen) to the end. */
async function allPages(url: string, limit: number, as?: TestMember): Promise<number[]> {
  const out: number[] = [];
  let cursor: number | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await get(`${url}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, as);
    out.push(...ids(page));
    if (page.length < limit) break;
    cursor = page[page.length - 1]!.id;
  }
  return out;
}

/** decision 0103's formula, as the migration stores it. */
const hot = (likes: number, comments: number, views: number, createdMs: number) =>
  Math.log10(1 + likes + 2 * comments + views / 10) + createdMs / 1000 / 45000;

describe("feed sorts", () => {
  // A new author for each test: posting is limited to 5 a minute per member.
  let author: TestMember;
  beforeEach(async () => {
    author = await t.register();
  });

  it("Hot ranks by engagement decaying with age, and pages through it without duplicates or gaps", async () => {
    const tag = `hot${randomTag(6)}`;
    const specs = [
      { likes: 0, comments: 0, views: 0, hoursAgo: 0 },
      { likes: 50, comments: 10, views: 400, hoursAgo: 30 },
      { likes: 5, comments: 1, views: 20, hoursAgo: 2 },
      { likes: 900, comments: 0, views: 0, hoursAgo: 200 },
      { likes: 1, comments: 0, views: 0, hoursAgo: 1 },
    ];
    const made: Array<{ id: number; score: number }> = [];
    const now = Date.now();
    for (const spec of specs) {
      const id = await newPost(author, {}, tag);
      await setPost(id, spec);
      made.push({ id, score: hot(spec.likes, spec.comments, spec.views, now - spec.hoursAgo * HOUR) });
    }
    const expected = [...made].sort((a, b) => b.score - a.score || b.id - a.id).map((m) => m.id);
    expect(ids(await get(`/api/posts?tag=${tag}&sort=hot`))).toEqual(expected);
    expect(await allPages(`/api/posts?tag=${tag}&sort=hot`, 2)).toEqual(expected);
  });

  it("Hot and Top follow likes at the next refresh of the ranks, which takes each noted post once", async () => {
    const tag = `hotlike${randomTag(6)}`;
    const older = await newPost(author, {}, tag);
    const newer = await newPost(author, {}, tag);
    await t.exec(`UPDATE posts SET created_at = now() - interval '1 hour' WHERE id IN (${older}, ${newer})`);
    await t.ctx.buffers.flush();
    expect(ids(await get(`/api/posts?tag=${tag}&sort=hot`))).toEqual([newer, older]);
    const fan = await t.register();
    const like = await t.inject({ method: "POST", url: `/api/posts/${older}/like`, as: fan });
    expect(like.statusCode).toBe(200);
    expect((like.json() as { likes: number }).likes).toBe(1); // the count itself is live
    const noted = async () =>
      (
        await queryRows<{ id: number }>(
          t.ctx.db,
          sql`SELECT post_id AS id FROM post_rank_changes WHERE post_id IN (${older}, ${newer})`,
        )
      ).map((r) => r.id);
    expect(await noted()).toEqual([older]);
    // Until the refresh the order is the one last ranked; then the like counts in Hot and Top.
    expect(ids(await get(`/api/posts?tag=${tag}&sort=hot`, fan))).toEqual([newer, older]);
    await t.ctx.buffers.flush();
    t.app.publicCache.clear(); // the shared rows of the page just read (a second at most)
    expect(await noted()).toEqual([]);
    expect(ids(await get(`/api/posts?tag=${tag}&sort=hot`, fan))).toEqual([older, newer]);
    expect(ids(await get(`/api/posts?tag=${tag}&sort=top&t=all`, fan))).toEqual([older, newer]);
    // The score refreshed is the formula's (decision 0103) on the live counters.
    const [row] = await queryRows<{ hot: number; live: number; ranked: number }>(
      t.ctx.db,
      sql`SELECT hot_score AS hot, post_hot_score(likes, comments, views, created_at) AS live, ranked_likes AS ranked
            FROM posts WHERE id = ${older}`,
    );
    expect(row).toEqual({ hot: row!.live, live: row!.live, ranked: 1 });
  });

  it("Top orders by likes within 24 h, 7 d, 30 d or all time, paging through ties", async () => {
    const tag = `top${randomTag(6)}`;
    const a = await newPost(author, {}, tag);
    const b = await newPost(author, {}, tag);
    const c = await newPost(author, {}, tag);
    const d = await newPost(author, {}, tag);
    const e = await newPost(await t.register(), {}, tag);
    await setPost(a, { likes: 3, hoursAgo: 2 });
    await setPost(b, { likes: 3, hoursAgo: 5 });
    await setPost(c, { likes: 10, hoursAgo: 72 });
    await setPost(d, { likes: 20, hoursAgo: 24 * 10 });
    await setPost(e, { likes: 30, hoursAgo: 24 * 40 });
    const url = (w: string) => `/api/posts?tag=${tag}&sort=top&t=${w}`;
    expect(ids(await get(url("24h")))).toEqual([b, a]);
    expect(ids(await get(url("7d")))).toEqual([c, b, a]);
    expect(ids(await get(url("30d")))).toEqual([d, c, b, a]);
    expect(ids(await get(url("all")))).toEqual([e, d, c, b, a]);
    expect(await allPages(url("all"), 1)).toEqual([e, d, c, b, a]);
    expect(await allPages(url("30d"), 3)).toEqual([d, c, b, a]);
  });

  it("New stays newest first with its keyset pages", async () => {
    const tag = `new${randomTag(6)}`;
    const made = [
      await newPost(author, {}, tag),
      await newPost(author, {}, tag),
      await newPost(author, {}, tag),
    ];
    expect(await allPages(`/api/posts?tag=${tag}&sort=new`, 2)).toEqual([...made].reverse());
  });

  it("hidden posts leave every sort", async () => {
    const tag = `hid${randomTag(6)}`;
    const shown = await newPost(author, {}, tag);
    const hidden = await newPost(author, {}, tag);
    await t.exec(`UPDATE posts SET hidden_at = now(), likes = 99 WHERE id = ${hidden}`);
    for (const sort of ["new", "hot", "top&t=all"]) {
      expect(ids(await get(`/api/posts?tag=${tag}&sort=${sort}`))).toEqual([shown]);
    }
  });

  it("refuses an unknown sort, window or tab with a 400 and a code", async () => {
    for (const query of ["sort=best", "sort=top&t=1y", "tab=friends"]) {
      const res = await t.inject({ method: "GET", url: `/api/posts?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
  });
});

describe("following hashtags and models", () => {
  const put = (as: TestMember | undefined, kind: string, target: string) =>
    t.inject({ method: "PUT", url: `/api/follows/topics/${kind}/${encodeURIComponent(target)}`, as });
  const del = (as: TestMember | undefined, kind: string, target: string) =>
    t.inject({ method: "DELETE", url: `/api/follows/topics/${kind}/${encodeURIComponent(target)}`, as });
  const list = async (as: TestMember) =>
    (await t.inject({ method: "GET", url: "/api/follows/topics", as })).json().topics as Array<{
      kind: string;
      target: string;
    }>;

  it("is idempotent, stores a hashtag lower-case, and another member cannot undo it", async () => {
    const me = await t.register();
    const other = await t.register();
    const tag = `Topic${randomTag(6)}`;
    expect((await put(me, "hashtag", `#${tag}`)).json()).toEqual({ isFollowing: true });
    expect((await put(me, "hashtag", tag)).json()).toEqual({ isFollowing: true });
    expect((await put(me, "model", "claude")).json()).toEqual({ isFollowing: true });
    expect(await list(me)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "hashtag", target: tag.toLowerCase() }),
        expect.objectContaining({ kind: "model", target: "claude" }),
      ]),
    );
    expect(await list(me)).toHaveLength(2);
    // The other member's DELETE removes only their own (absent) follow.
    expect((await del(other, "hashtag", tag)).json()).toEqual({ isFollowing: false });
    expect(await list(me)).toHaveLength(2);
    expect((await del(me, "model", "claude")).json()).toEqual({ isFollowing: false });
    expect((await del(me, "model", "claude")).json()).toEqual({ isFollowing: false });
    expect(await list(me)).toEqual([expect.objectContaining({ kind: "hashtag", target: tag.toLowerCase() })]);
  });

  it("refuses visitors and bad targets", async () => {
    const me = await t.register();
    expect((await put(undefined, "hashtag", "ai")).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/follows/topics" })).statusCode).toBe(401);
    for (const [kind, target] of [
      ["forum", "1"],
      ["model", "not-a-model"],
      ["hashtag", "two words"],
    ] as const) {
      const res = await put(me, kind, target);
      expect(res.statusCode, `${kind} ${target}`).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
  });
});

describe("the Following tab", () => {
  it("answers 401 to a visitor", async () => {
    const res = await t.inject({ method: "GET", url: "/api/posts?tab=following" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthorized");
  });

  it("shows followed members' named posts and followed hashtags' and models' posts, stealth ones anonymous", async () => {
    const me = await t.register();
    const friend = await t.register();
    const stranger = await t.register();
    const tag = `follow${randomTag(6)}`;
    expect(
      (await t.inject({ method: "POST", url: `/api/users/${friend.id}/follow`, as: me })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: "PUT", url: `/api/follows/topics/hashtag/${tag}`, as: me })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: "PUT", url: "/api/follows/topics/model/perplexity", as: me })).statusCode,
    ).toBe(200);

    const friendNamed = await newPost(friend);
    // A stealth post reached only through its author would reveal who wrote it.
    const friendStealth = await newPost(friend, { isAnonymous: true });
    const tagStealth = await newPost(stranger, { isAnonymous: true }, tag);
    const modelPost = await newPost(stranger, { aiModel: "perplexity" });
    const unrelated = await newPost(stranger);
    const hiddenTagged = await newPost(stranger, {}, tag);
    await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${hiddenTagged}`);

    const expected = [modelPost, tagStealth, friendNamed];
    const page = await get("/api/posts?tab=following", me);
    expect(ids(page)).toEqual(expected);
    expect(ids(page)).not.toContain(friendStealth);
    expect(ids(page)).not.toContain(unrelated);
    expect(page.find((p) => p.id === tagStealth)!.author).toMatchObject({ id: null, username: "Anonymous" });
    expect(await allPages("/api/posts?tab=following&sort=new", 1, me)).toEqual(expected);

    await setPost(friendNamed, { likes: 40, hoursAgo: 1 });
    await setPost(tagStealth, { likes: 2, hoursAgo: 1 });
    await setPost(modelPost, { likes: 9, hoursAgo: 1 });
    expect(await allPages("/api/posts?tab=following&sort=top&t=24h", 2, me)).toEqual([
      friendNamed,
      modelPost,
      tagStealth,
    ]);
    expect(await allPages("/api/posts?tab=following&sort=hot", 2, me)).toEqual([
      friendNamed,
      modelPost,
      tagStealth,
    ]);

    // A member the viewer blocks leaves the tab.
    expect((await t.inject({ method: "PUT", url: `/api/users/${friend.id}/block`, as: me })).statusCode).toBe(
      200,
    );
    expect(ids(await get("/api/posts?tab=following", me))).not.toContain(friendNamed);
  });

  it("reads several members' pages at once, each only their own followees' named, shown posts, page by page", async () => {
    const authors = [await t.register(), await t.register(), await t.register()];
    const posted = new Map<number, number[]>();
    for (const author of authors) {
      const named = [await newPost(author), await newPost(author), await newPost(author)];
      await newPost(author, { isAnonymous: true });
      const hidden = await newPost(author);
      await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${hidden}`);
      posted.set(author.id, named);
    }
    // Viewer i follows authors i and i+1 (the last follows nobody).
    const viewers = [await t.register(), await t.register(), await t.register()];
    const follows = [[authors[0]!, authors[1]!], [authors[1]!, authors[2]!], []];
    for (const [i, list] of follows.entries()) {
      for (const author of list) {
        const res = await t.inject({ method: "POST", url: `/api/users/${author.id}/follow`, as: viewers[i] });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const expected = follows.map((list) => list.flatMap((a) => posted.get(a.id)!).sort((x, y) => y - x));
    // Asked together, as concurrent requests are answered by one statement.
    const firstPages = await Promise.all(viewers.map((v) => get("/api/posts?tab=following&limit=4", v)));
    expect(firstPages.map(ids)).toEqual(expected.map((e) => e.slice(0, 4)));
    const everyPage = await Promise.all(viewers.map((v) => allPages("/api/posts?tab=following", 2, v)));
    expect(everyPage).toEqual(expected);
    // Following a hashtag takes effect at the next read (the cached topics are reset by the write).
    const tag = `later${randomTag(6)}`;
    const tagged = await newPost(await t.register(), {}, tag);
    expect(
      (await t.inject({ method: "PUT", url: `/api/follows/topics/hashtag/${tag}`, as: viewers[2] }))
        .statusCode,
    ).toBe(200);
    expect(ids(await get("/api/posts?tab=following", viewers[2]))).toEqual([tagged]);
    // A like shows at once on the liker's page and on another follower's (the rows kept a moment
    // are emptied by the write).
    const top = expected[0]![0]!;
    const liked = await t.inject({ method: "POST", url: `/api/posts/${top}/like`, as: viewers[0] });
    expect(liked.statusCode, liked.body).toBe(200);
    const mine = (await get("/api/posts?tab=following", viewers[0])).find((p) => p.id === top)!;
    expect(mine).toMatchObject({ likes: 1, isLiked: true });
    const before = firstPages[0]!.find((p) => p.id === top)!;
    expect(before).toMatchObject({ likes: 0, isLiked: false });
    // Each post reads as on the home feed, field by field (both raw statements: times made by
    // PostgreSQL; the Following page's author fields read once per member followed)…
    const edited = await t.inject({
      method: "PUT",
      url: `/api/posts/${top}`,
      payload: { content: "Edited #following on **Markdown**" },
      as: authors.find((a) => posted.get(a.id)!.includes(top)),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const onFeed = (await get("/api/posts?limit=50", viewers[0])).filter((p) => expected[0]!.includes(p.id));
    const onFollowing = await get("/api/posts?tab=following&limit=50", viewers[0]);
    expect(onFollowing).toEqual(onFeed);
    expect(onFollowing[0]).toMatchObject({ id: top, tags: ["following"], isLiked: true });
    // …and as a hashtag's page reads it (a statement of its own, mapped by Drizzle).
    const byTag = await get("/api/posts?tag=following&limit=50", viewers[0]);
    expect(byTag.find((p) => p.id === top)).toEqual(onFollowing[0]);
    expect(onFollowing[0]!.updatedAt).not.toBe(onFollowing[0]!.createdAt);
  });
});

describe("hashtag pages (decision 0129)", () => {
  it("follows a post's tags through edits and deletion: its tag pages, feeds and Following tab (post_tags, decision 0135)", async () => {
    const [author, reader] = [await t.register(), await t.register()];
    const [a, b] = [`keep${randomTag(6)}`, `keep${randomTag(6)}`];
    const first = await newPost(author, {}, a);
    const second = await newPost(author, { content: `Both #${a} and #${b} and again #${b.toUpperCase()}` });
    const follow = await t.inject({ method: "PUT", url: `/api/follows/topics/hashtag/${b}`, as: reader });
    expect(follow.statusCode, follow.body).toBe(200);
    const pages = async () => ({
      a: await allPages(`/api/posts?tag=${a}`, 20),
      b: await allPages(`/api/posts?tag=${b}`, 1),
      following: await allPages("/api/posts?tab=following", 20, reader),
      feed: [
        ...new Set(
          [
            ...(await t.inject({ method: "GET", url: `/feeds/tags/${b}.xml` })).body.matchAll(
              /\/post\/(\d+)"/g,
            ),
          ].map((m) => Number(m[1])),
        ),
      ],
    });
    expect(await pages()).toEqual({ a: [second, first], b: [second], following: [second], feed: [second] });
    const edit = async (id: number, content: string) => {
      const res = await t.inject({
        method: "PUT",
        url: `/api/posts/${id}`,
        payload: { content },
        as: author,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit(second, `Only #${b} now`);
    await edit(first, `Moved to #${b}`);
    expect(await pages()).toEqual({
      a: [],
      b: [second, first],
      following: [second, first],
      feed: [second, first],
    });
    const del = await t.inject({ method: "DELETE", url: `/api/posts/${second}`, as: author });
    expect(del.statusCode, del.body).toBe(200);
    expect(await pages()).toEqual({ a: [], b: [first], following: [first], feed: [first] });
    // The table holds exactly the posts' tags, no more, no fewer.
    const drift = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM post_tags pt
          FULL JOIN (SELECT DISTINCT k, p.id FROM posts p CROSS JOIN LATERAL unnest(p.tag_keys) AS k) x
            ON x.k = pt.tag_key AND x.id = pt.post_id
          WHERE pt.post_id IS NULL OR x.id IS NULL`,
    );
    expect(drift[0]!.n).toBe(0);
  });

  it("pages a rare and a common tag newest first across the window of recent ids, hidden posts left out", async () => {
    const [author, filler] = [await t.register(), await t.register()];
    const rare = `rare${randomTag(6)}`;
    const common = `common${randomTag(6)}`;
    const oldest = await newPost(author, {}, rare);
    const hidden = await newPost(author, {}, rare);
    // More posts than the window after them (every third with the common tag), written behind
    // the app's back as many members' posts would be.
    await t.exec(
      `INSERT INTO posts (author_id, content, tags, tag_keys)
       SELECT ${filler.id}, 'Filler ' || g, CASE WHEN g % 3 = 0 THEN ARRAY['${common}'] ELSE ARRAY[]::text[] END,
              CASE WHEN g % 3 = 0 THEN ARRAY['${common}'] ELSE ARRAY[]::text[] END
       FROM generate_series(1, ${TAG_PAGE_WINDOW + 1_500}) g`,
    );
    await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${hidden}`);
    const second = await newPost(author, {}, rare);
    const newest = await newPost(author, {}, rare);
    // One step (within the window) and two (the oldest below it), at every page size.
    for (const limit of [1, 2, 3, 20]) {
      expect(await allPages(`/api/posts?tag=${rare.toUpperCase()}`, limit), `limit ${limit}`).toEqual([
        newest,
        second,
        oldest,
      ]);
    }
    // Hot and Top (all time): the rare tag's oldest post lies beyond the window of the sort's
    // first TAG_PAGE_WINDOW posts, so the second step finds it.
    await t.exec(`UPDATE posts SET likes = 2 WHERE id = ${newest}`);
    await t.ctx.buffers.flush();
    const plain = async (order: string, tag: string, limit: number) =>
      (
        await queryRows<{ id: number }>(
          t.ctx.db,
          sql`SELECT id FROM posts WHERE tag_keys @> ARRAY[${tag}]::text[] AND hidden_at IS NULL
              ORDER BY ${sql.raw(order)} LIMIT ${limit}`,
        )
      ).map((r) => r.id);
    for (const [query, order] of [
      ["sort=hot", "hot_score DESC, id DESC"],
      ["sort=top&t=all", "ranked_likes DESC, id DESC"],
    ] as const) {
      const want = await plain(order, rare, 10);
      expect(want).toHaveLength(3);
      expect(want.at(-1)).toBe(oldest);
      for (const limit of [1, 2, 3, 20]) {
        expect(await allPages(`/api/posts?tag=${rare}&${query}`, limit), `${query} ${limit}`).toEqual(want);
      }
      const pages: number[] = [];
      for (let i = 0; i < 3; i++) {
        const cursor = pages.at(-1);
        pages.push(
          ...ids(await get(`/api/posts?tag=${common}&${query}&limit=20${cursor ? `&cursor=${cursor}` : ""}`)),
        );
      }
      expect(pages, query).toEqual(await plain(order, common, 60));
    }
    // A member following the rare tag sees the same posts on the Following tab, in each order.
    const reader = await t.register();
    const follow = await t.inject({ method: "PUT", url: `/api/follows/topics/hashtag/${rare}`, as: reader });
    expect(follow.statusCode, follow.body).toBe(200);
    for (const [query, order] of [
      ["sort=new", "id DESC"],
      ["sort=hot", "hot_score DESC, id DESC"],
      ["sort=top&t=all", "ranked_likes DESC, id DESC"],
    ] as const) {
      const want = await plain(order, rare, 10);
      for (const limit of [1, 2, 20]) {
        expect(
          await allPages(`/api/posts?tab=following&${query}`, limit, reader),
          `following ${query}`,
        ).toEqual(want);
      }
    }
    // A common tag: the same pages as PostgreSQL's plain answer, first page and by cursor.
    const expected = (
      await queryRows<{ id: number }>(
        t.ctx.db,
        sql`SELECT id FROM posts WHERE tag_keys @> ARRAY[${common}]::text[] AND hidden_at IS NULL ORDER BY id DESC LIMIT 60`,
      )
    ).map((r) => r.id);
    const first = ids(await get(`/api/posts?tag=${common}&limit=20`));
    const next = ids(await get(`/api/posts?tag=${common}&limit=20&cursor=${first.at(-1)}`));
    const third = ids(await get(`/api/posts?tag=${common}&limit=20&cursor=${next.at(-1)}`));
    expect([...first, ...next, ...third]).toEqual(expected);
    // Deep in the tag: a cursor below the window's reach of the newest ids.
    const deep = expected.length
      ? (
          await queryRows<{ id: number }>(
            t.ctx.db,
            sql`SELECT id FROM posts WHERE tag_keys @> ARRAY[${common}]::text[] ORDER BY id ASC LIMIT 1 OFFSET 5`,
          )
        )[0]!.id
      : 0;
    expect(ids(await get(`/api/posts?tag=${common}&limit=20&cursor=${deep}`))).toEqual(
      (
        await queryRows<{ id: number }>(
          t.ctx.db,
          sql`SELECT id FROM posts WHERE tag_keys @> ARRAY[${common}]::text[] AND id < ${deep} ORDER BY id DESC LIMIT 20`,
        )
      ).map((r) => r.id),
    );
  });
});

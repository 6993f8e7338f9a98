/**
 * N+1 guard (issue 12): the hot reads run a bounded number of SQL statements, independent of
 * the page size. Every statement Drizzle sends (query builder, relational queries and raw
 * `queryRows`, in or out of a transaction) goes through the session's logger, which is
 * replaced here by a counter.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/connect";
import { NOTIFICATION_PAGES_PER_STATEMENT } from "../features/notifications/queries";
import { unreadCacheOf } from "../features/notifications/public";
import { notificationsEntity } from "../platform/entities";
import { forgetNamedAnswers } from "../platform/public-cache";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";

let t: TestApp;
let viewer: TestMember;
let threadId: number;
/** Counts every statement; while `texts` is a list, keeps their text too (`recordStatements`). */
const counter = {
  queries: 0,
  texts: null as string[] | null,
  logQuery: (query: string) => {
    counter.queries++;
    counter.texts?.push(query);
  },
};

/** Answers how many statements one request ran (and checks it succeeded). */
async function queriesFor(url: string, as?: TestMember): Promise<number> {
  await new Promise((r) => setTimeout(r, 20)); // let earlier fire-and-forget work settle
  counter.queries = 0;
  const res = await t.inject({ method: "GET", url, as });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return counter.queries;
}

/**
 * Runs `fn` and answers, besides its result, the text of every statement it sent. The counter
 * stays the session's logger throughout: a prepared statement keeps the logger it was prepared
 * with, so swapping loggers would miss every statement prepared before.
 */
async function recordStatements<R>(fn: () => Promise<R>): Promise<{ result: R; texts: string[] }> {
  const texts: string[] = [];
  counter.texts = texts;
  try {
    return { result: await fn(), texts };
  } finally {
    counter.texts = null;
  }
}

/** Statements of `texts` matching `pattern`: at least one (it was seen), at most `max`. */
function expectShared(texts: readonly string[], pattern: RegExp, what: string, max: number): void {
  const n = texts.filter((q) => pattern.test(q)).length;
  expect(n, `${what}: ${n} statements`).toBeGreaterThanOrEqual(1);
  expect(n, `${what}: ${n} statements`).toBeLessThanOrEqual(max);
}

/** Same number of statements for a page of 5 and a page of 20 (both pages full). */
async function expectPageIndependent(
  path: string,
  as?: TestMember,
  max = 15,
  /** What a member's kept answer of this path names (decision 0137): forgotten, so it is computed. */
  kept: readonly string[] = [],
): Promise<void> {
  const sep = path.includes("?") ? "&" : "?";
  // A first call fills what is read once and kept (the viewer's blocks and mutes, emptied by
  // every write and after a while): both measured calls then start from the same state.
  await queriesFor(`${path}${sep}limit=1`, as);
  forgetNamedAnswers(t.ctx, kept);
  const small = await queriesFor(`${path}${sep}limit=5`, as);
  forgetNamedAnswers(t.ctx, kept);
  const large = await queriesFor(`${path}${sep}limit=20`, as);
  const res = await t.inject({ method: "GET", url: `${path}${sep}limit=20`, as });
  expect((res.json() as unknown[]).length, `${path} should fill a page of 20`).toBe(20);
  expect(large, `${path}: ${small} statements for 5 items, ${large} for 20`).toBe(small);
  expect(large).toBeLessThanOrEqual(max);
}

beforeAll(async () => {
  // Statements are counted per request: the post views' batch (decision 0113) and the Hot and
  // Top ranks' refresh (decision 0147) must not land inside a measured request, so their timers
  // are held off (nothing here depends on them).
  t = await createTestApp({ viewFlushMs: 3_600_000, rankRefreshMs: 3_600_000 });
  await t.seed();
  viewer = await t.register();
  const others = [await t.register(), await t.register()];
  const db = t.ctx.db;
  // 12 more members, so each page has many different authors and actors.
  await queryRows(
    db,
    sql`INSERT INTO users (username, email, password_hash, generation)
        SELECT 'qc_' || g || '_' || ${viewer.id}, 'qc_' || g || '_' || ${viewer.id} || '@example.test', 'x',
               (ARRAY['genz','millennial','genx','boomer'])[1 + g % 4]
        FROM generate_series(1, 12) g RETURNING id`,
  );
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM users WHERE id <> ${viewer.id} ORDER BY id DESC LIMIT 14`,
    )
  ).map((r) => r.id);
  ids.push(...others.map((o) => o.id));
  const authors = sql.raw(`ARRAY[${ids.join(",")}]::int[]`);
  // 30 posts by 14 authors, some anonymous, some rated; the viewer likes and comments on some.
  await queryRows(
    db,
    sql`INSERT INTO posts (author_id, content, tags, tag_keys, is_anonymous, ai_model, rating)
        SELECT (${authors})[1 + g % 14], 'Query count post number ' || g, ARRAY['Bench'], ARRAY['bench'],
               g % 7 = 0, CASE WHEN g % 3 = 0 THEN 'chatgpt' END, CASE WHEN g % 3 = 0 THEN 1 + g % 5 END
        FROM generate_series(1, 30) g RETURNING id`,
  );
  await queryRows(
    db,
    sql`INSERT INTO post_likes (post_id, user_id) SELECT id, ${viewer.id} FROM posts WHERE id % 2 = 0 RETURNING post_id`,
  );
  await queryRows(
    db,
    sql`INSERT INTO post_comments (post_id, author_id, content)
        SELECT id, (${authors})[1 + id % 14], 'A comment' FROM posts RETURNING id`,
  );
  // 25 prompts by different authors.
  await queryRows(
    db,
    sql`INSERT INTO prompts (author_id, title, description, content, category, ai_model, difficulty, tags)
        SELECT (${authors})[1 + g % 14], 'Prompt ' || g, 'About ' || g, 'Write about ' || g, 'coding', 'claude',
               'beginner', ARRAY['bench']
        FROM generate_series(1, 25) g RETURNING id`,
  );
  // A thread with 25 replies by different authors.
  const [forum] = await queryRows<{ id: number }>(db, sql`SELECT id FROM forums ORDER BY id LIMIT 1`);
  const [thread] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO forum_threads (forum_id, author_id, title, content)
        VALUES (${forum?.id}, ${viewer.id}, 'Counting queries', 'Does the thread page scale?') RETURNING id`,
  );
  threadId = thread?.id as number;
  await queryRows(
    db,
    sql`INSERT INTO forum_replies (thread_id, author_id, content)
        SELECT ${threadId}, (${authors})[1 + g % 14], 'Reply ' || g FROM generate_series(1, 25) g RETURNING id`,
  );
  await queryRows(db, sql`UPDATE forum_threads SET reply_count = 25 WHERE id = ${threadId} RETURNING id`);
  // 25 notifications from different actors.
  await queryRows(
    db,
    sql`INSERT INTO notifications (user_id, type, message, url, related_user_id, actor_ids)
        SELECT ${viewer.id}, 'follow', 'started following you', '/profile/' || (${authors})[1 + g % 14],
               (${authors})[1 + g % 14], ARRAY[(${authors})[1 + g % 14]]
        FROM generate_series(1, 25) g RETURNING id`,
  );

  // Count from here on.
  // biome-ignore lint/suspicious/noExplicitAny: Drizzle's session is internal API
  const session = (t.ctx.db as any).session;
  session.logger = counter;
  session.options = { ...(session.options ?? {}), logger: counter };
});

afterAll(async () => {
  await t?.close();
});

describe("queries per request stay bounded (no N+1)", () => {
  it("counts the statements of a request", async () => {
    expect(await queriesFor("/api/health")).toBeGreaterThanOrEqual(0);
    expect(await queriesFor("/api/posts?limit=1", viewer)).toBeGreaterThan(0);
  });

  it("home feed, signed in", async () => {
    await expectPageIndependent("/api/posts", viewer);
  });

  it("a member's next read: session, feed page and the member's likes kept, no statement (decision 0150)", async () => {
    await queriesFor("/api/posts?limit=20", viewer);
    expect(await queriesFor("/api/posts?limit=20", viewer)).toBe(0);
    expect(await queriesFor("/api/notifications/unread-count", viewer)).toBe(1);
    // After a like the member's likes are read again, once.
    const [post] = (await t.inject({ method: "GET", url: "/api/posts?limit=1", as: viewer })).json();
    for (let i = 0; i < 2; i++) {
      const res = await t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: viewer });
      expect(res.statusCode).toBe(200);
    }
    // The shared page (emptied by the write) and the member's likes: read again, then kept.
    expect(await queriesFor("/api/posts?limit=20", viewer)).toBe(2);
    expect(await queriesFor("/api/posts?limit=20", viewer)).toBe(0);
  });

  it("the Following tab of a member who follows nothing reads no page and no likes", async () => {
    const newcomer = await t.register();
    const followingRows = /AS v\(viewer, cursor, lim, page\)/;
    const likesRows = /string_agg\(l\.post_id/;
    const url = "/api/posts?limit=20&tab=following";
    const before = await recordStatements(() => t.inject({ method: "GET", url, as: newcomer }));
    expect(before.result.statusCode).toBe(200);
    expect(before.result.json()).toEqual([]);
    expect(before.texts.filter((q) => followingRows.test(q) || likesRows.test(q))).toEqual([]);
    // Once they follow someone, the page (and their likes) are read and show that member's posts.
    const [author] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`SELECT author_id AS id FROM posts WHERE NOT is_anonymous ORDER BY id DESC LIMIT 1`,
    );
    const follow = await t.inject({ method: "POST", url: `/api/users/${author?.id}/follow`, as: newcomer });
    expect(follow.statusCode).toBe(200);
    const after = await recordStatements(() => t.inject({ method: "GET", url, as: newcomer }));
    const shown = after.result.json() as Array<{ author: { id: number } }>;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((p) => p.author.id === author?.id)).toBe(true);
    expect(after.texts.filter((q) => followingRows.test(q))).toHaveLength(1);
    expect(after.texts.filter((q) => likesRows.test(q))).toHaveLength(1);
  });

  it("the Hot and Top pages are kept like New: no statement on a member's next read", async () => {
    for (const sort of ["sort=hot", "sort=top&t=7d", "sort=top&t=all"]) {
      await queriesFor(`/api/posts?limit=20&${sort}`, viewer);
      expect(await queriesFor(`/api/posts?limit=20&${sort}`, viewer), sort).toBe(0);
    }
  });

  it("posting, liking and commenting keep sessions cached; a profile change does not", async () => {
    const [post] = (await t.inject({ method: "GET", url: "/api/posts?limit=1", as: viewer })).json();
    const like = async () => {
      const res = await t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: viewer });
      expect(res.statusCode).toBe(200);
    };
    // The probe: a read of one statement once the session is cached (the unread count is kept
    // in memory itself, decision 0120, so it is forgotten before each probe).
    const probe = () => {
      unreadCacheOf(t.ctx).clear();
      forgetNamedAnswers(t.ctx, [notificationsEntity(viewer.id)]); // and the member's kept answer (0137)
      return queriesFor("/api/notifications/unread-count", viewer);
    };
    await like();
    expect(await probe()).toBe(1);
    await like();
    const profile = await t.inject({
      method: "PUT",
      url: "/api/profile",
      payload: { bio: "Counting" },
      as: viewer,
    });
    expect(profile.statusCode).toBe(200);
    expect(await probe()).toBe(2);
  });

  /** The viewer and `others` new members read `url` at once (sessions cached first): the answers and the statements. */
  async function concurrentReads(url: string, others: number) {
    const members = [viewer];
    for (let i = 0; i < others; i++) members.push(await t.register());
    for (const m of members) await queriesFor("/api/notifications/unread-count", m); // sessions cached
    unreadCacheOf(t.ctx).clear(); // the counts just read are kept (decision 0120): read them again
    forgetNamedAnswers(
      t.ctx,
      members.map((m) => notificationsEntity(m.id)),
    ); // and as each member's kept answer (decision 0137)
    await new Promise((r) => setTimeout(r, 20));
    counter.queries = 0;
    const answers = await Promise.all(members.map((m) => t.inject({ method: "GET", url, as: m })));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    return { answers, statements: counter.queries };
  }

  it("members' concurrent reads share one statement (db/batch.ts)", async () => {
    expect((await concurrentReads("/api/notifications/unread-count", 2)).statements).toBe(1);
  });

  it("members liking at once share the like's statement and the notice's, each with its own answer (decision 0146)", async () => {
    const author = await t.register();
    const created = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: 'A post to like: "quotes", {braces} and a back\\slash' },
      as: author,
    });
    const postId = (created.json() as { id: number }).id;
    const fans: TestMember[] = [];
    for (let i = 0; i < 8; i++) fans.push(await t.register());
    for (const m of fans) await queriesFor("/api/notifications/unread-count", m); // sessions cached
    const { result: likes, texts } = await recordStatements(() =>
      Promise.all(
        [...fans.map((m) => ({ m, id: postId })), { m: fans[0]!, id: 99_999_999 }].map(({ m, id }) =>
          t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: m }),
        ),
      ),
    );
    expect(likes.slice(0, 8).map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(likes[8]!.statusCode).toBe(404); // a missing post in the same batch: not found, alone
    // Every fan's answer counts every like of the batch.
    expect(likes.slice(0, 8).map((r) => (r.json() as { liked: boolean }).liked)).toEqual(Array(8).fill(true));
    expect(Math.max(...likes.slice(0, 8).map((r) => (r.json() as { likes: number }).likes))).toBe(8);
    expectShared(texts, /DELETE FROM "post_likes"/, "9 likes", 2);
    // One member's notice for one post is one row: its 8 likes go in turn (a key is never twice
    // in a batch), each adding its actor.
    expectShared(texts, /^INSERT INTO notifications/, "the notices of 8 likes of one post", 8);
    const list = (await t.inject({ method: "GET", url: "/api/notifications", as: author })).json() as {
      type: string;
      actorCount: number;
    }[];
    expect(list).toEqual([expect.objectContaining({ type: "like", actorCount: 8 })]);
    // Notices to different members share a statement: each fan likes the next fan's post.
    const theirs: number[] = [];
    for (const m of fans) {
      const res = await t.inject({
        method: "POST",
        url: "/api/posts",
        payload: { content: `A post by ${m.username}` },
        as: m,
      });
      theirs.push((res.json() as { id: number }).id);
    }
    const { result: round, texts: roundTexts } = await recordStatements(() =>
      Promise.all(
        fans.map((m, i) =>
          t.inject({ method: "POST", url: `/api/posts/${theirs[(i + 1) % 8]}/like`, as: m }),
        ),
      ),
    );
    expect(round.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expectShared(roundTexts, /^INSERT INTO notifications/, "the notices of 8 likes to 8 members", 2);
    for (const m of fans) {
      const theirList = (await t.inject({ method: "GET", url: "/api/notifications", as: m })).json() as {
        type: string;
      }[];
      expect(theirList.map((n) => n.type)).toEqual(["like"]);
    }
  });

  it("members posting and commenting at once share a statement, each getting their own post or comment (decision 0146)", async () => {
    const members: TestMember[] = [];
    for (let i = 0; i < 8; i++) members.push(await t.register());
    for (const m of members) await queriesFor("/api/notifications/unread-count", m); // sessions cached
    // Texts an array literal must quote: commas, quotes, braces, backslashes, NULL, new lines.
    const texts = (i: number) => `Post ${i}: "q", {b}, back\\slash, NULL\nline two #Batch${i}`;
    const { result: posts, texts: sent } = await recordStatements(() =>
      Promise.all(
        members.map((m, i) =>
          t.inject({
            method: "POST",
            url: "/api/posts",
            payload: {
              content: texts(i),
              tags: i % 2 ? ["Even", `T${i}`] : [],
              isAnonymous: i === 3,
              ...(i === 5 ? { aiModel: "claude", rating: 4 } : {}),
            },
            as: m,
          }),
        ),
      ),
    );
    expect(posts.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expectShared(sent, /INSERT INTO "posts"/, "8 posts", 2);
    // The free plan's daily count, asked before each post, is shared too.
    expectShared(sent, /count\(\*\)::int from "posts"/i, "the daily counts of 8 posts", 2);
    for (const [i, r] of posts.entries()) {
      const body = r.json() as {
        id: number;
        content: string;
        tags: string[];
        isAnonymous: boolean;
        rating: number | null;
      };
      expect(body).toMatchObject({ content: texts(i), isAnonymous: i === 3, rating: i === 5 ? 4 : null });
      expect(body.tags).toEqual(i % 2 ? ["Even", `T${i}`, `Batch${i}`] : [`Batch${i}`]);
      // Stored as answered, and owned by its author (they can edit it, nobody else can).
      const edit = await t.inject({
        method: "PUT",
        url: `/api/posts/${body.id}`,
        payload: { content: "edited" },
        as: members[i]!,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const other = await t.inject({
        method: "PUT",
        url: `/api/posts/${body.id}`,
        payload: { content: "x" },
        as: members[(i + 1) % 8]!,
      });
      expect(other.statusCode).toBe(403);
    }
    const postId = (posts[0]!.json() as { id: number }).id;
    const { result: comments, texts: commentSent } = await recordStatements(() =>
      Promise.all(
        [...members.map((m, i) => ({ m, id: postId, i })), { m: members[1]!, id: 99_999_999, i: 9 }].map(
          ({ m, id, i }) =>
            t.inject({
              method: "POST",
              url: `/api/posts/${id}/comments`,
              payload: { content: texts(i) },
              as: m,
            }),
        ),
      ),
    );
    expect(comments.slice(0, 8).map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(comments[8]!.statusCode).toBe(404); // a missing post in the same batch: not found, alone
    expectShared(commentSent, /INSERT INTO "post_comments"/, "9 comments", 3);
    const listed = (
      await t.inject({ method: "GET", url: `/api/posts/${postId}/comments?limit=50` })
    ).json() as {
      id: number;
      content: string;
    }[];
    const ids = comments.slice(0, 8).map((r) => (r.json() as { id: number }).id);
    expect(new Set(ids).size).toBe(8);
    expect(listed.map((c) => c.id).sort()).toEqual([...ids].sort());
    const post = (await t.inject({ method: "GET", url: `/api/posts/${postId}` })).json() as {
      comments: number;
    };
    expect(post.comments).toBe(8);
  });

  it("notification pages: at most NOTIFICATION_PAGES_PER_STATEMENT per statement, each member their own", async () => {
    const { answers, statements } = await concurrentReads(
      "/api/notifications?limit=5",
      NOTIFICATION_PAGES_PER_STATEMENT,
    );
    // One more member than a statement takes: two statements (one per PostgreSQL process).
    expect(statements).toBe(2);
    // The viewer's 25 follow notices are theirs alone; the new members have none.
    expect((answers[0]!.json() as unknown[]).length).toBe(5);
    expect(answers.slice(1).every((r) => (r.json() as unknown[]).length === 0)).toBe(true);
  });

  it("home feed, signed out", async () => {
    await expectPageIndependent("/api/posts");
  });

  it("model directory", async () => {
    await expectPageIndependent("/api/ai-models?sort=rating");
  });

  it("model detail: the same for a model with many and with no reviews", async () => {
    const models = (await t.inject({ method: "GET", url: "/api/ai-models?sort=rating&limit=3" })).json() as {
      id: number;
      slug: string;
    }[];
    const [busy, quiet, third] = models;
    if (!busy || !quiet || !third) throw new Error("the reference catalog should have models");
    await queryRows(
      t.ctx.db,
      sql`INSERT INTO model_ratings (model_id, user_id, rating, review)
          SELECT ${busy.id}, id, 4, 'Solid' FROM users ORDER BY id LIMIT 12 RETURNING id`,
    );
    await queryRows(
      t.ctx.db,
      sql`INSERT INTO model_comments (model_id, user_id, content)
          SELECT ${busy.id}, id, 'Nice' FROM users ORDER BY id LIMIT 12 RETURNING id`,
    );
    const many = await queriesFor(`/api/ai-models/${busy.slug}`, viewer);
    const none = await queriesFor(`/api/ai-models/${quiet.slug}`, viewer);
    expect(many).toBe(none);
    expect(many).toBeLessThanOrEqual(15);
    const reviews5 = await queriesFor(`/api/ai-models/${busy.slug}/reviews?limit=5`);
    const reviews20 = await queriesFor(`/api/ai-models/${busy.slug}/reviews?limit=20`);
    expect(reviews20).toBe(reviews5);
    const comments5 = await queriesFor(`/api/ai-models/${busy.slug}/comments?limit=5`, viewer);
    const comments20 = await queriesFor(`/api/ai-models/${busy.slug}/comments?limit=20`, viewer);
    expect(comments20).toBe(comments5);
  });

  it("compare: 3 models cost no more statements than 2", async () => {
    const models = (await t.inject({ method: "GET", url: "/api/ai-models?limit=3" })).json() as {
      id: number;
    }[];
    const ids = models.map((m) => m.id);
    const two = await queriesFor(`/api/ai-models/compare?models=${ids.slice(0, 2).join(",")}`);
    const three = await queriesFor(`/api/ai-models/compare?models=${ids.join(",")}`);
    expect(three, `compare: ${two} statements for 2 models, ${three} for 3`).toBe(two);
    expect(three).toBeLessThanOrEqual(15);
  });

  it("prompts list", async () => {
    await expectPageIndependent("/api/prompts?category=coding", viewer);
  });

  it("forum thread page: the thread and its replies", async () => {
    expect(await queriesFor(`/api/threads/${threadId}`, viewer)).toBeLessThanOrEqual(15);
    await expectPageIndependent(`/api/threads/${threadId}/replies`, viewer);
  });

  it("notifications list", async () => {
    await expectPageIndependent("/api/notifications", viewer, 15, [notificationsEntity(viewer.id)]);
    expect(await queriesFor("/api/notifications/unread-count", viewer)).toBeLessThanOrEqual(5);
  });
});

describe("the hot writes run prepared statements only (db/prepared.ts)", () => {
  /**
   * Every statement reaches Drizzle's session as `prepareQuery(query, fields, name, …)`: a
   * prepared statement once, when it is built (with its name), an ad-hoc one on every run
   * (without). After a first request has built them, a like, a comment and a new post (with the
   * notices, fingerprints and checks they make) must not build any statement again.
   */
  async function unnamedStatementsOf(write: () => Promise<void>): Promise<string[]> {
    // biome-ignore lint/suspicious/noExplicitAny: Drizzle's session is internal API
    const session = (t.ctx.db as any).session;
    const original = session.prepareQuery;
    const unnamed: string[] = [];
    session.prepareQuery = function (this: unknown, ...args: unknown[]) {
      if (args[2] === undefined) unnamed.push((args[0] as { sql: string }).sql.slice(0, 80));
      return original.apply(this, args);
    };
    try {
      await write();
      await new Promise((r) => setTimeout(r, 20)); // the push check runs after the answer
    } finally {
      session.prepareQuery = original;
    }
    return unnamed;
  }

  it("like, comment and post: no statement built per request", async () => {
    const author = await t.register();
    const fan = await t.register();
    const created = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: "A post to like and discuss #prepared" },
      as: author,
    });
    expect(created.statusCode).toBe(201);
    const postId = (created.json() as { id: number }).id;
    let n = 0;
    const send = (url: string, status: number, payload?: object) => async () => {
      const res = await t.inject({ method: "POST", url, payload, as: fan });
      expect(res.statusCode, res.body).toBe(status);
    };
    const like = send(`/api/posts/${postId}/like`, 200);
    const comment = async () =>
      send(`/api/posts/${postId}/comments`, 201, { content: `Thoughtful comment number ${++n}` })();
    const post = async () =>
      send("/api/posts", 201, { content: `Another post number ${++n} #prepared`, tags: ["Benchmarks"] })();
    // First runs build the statements (and the sessions are cached).
    await like();
    await like();
    await comment();
    await post();
    // Liked (a notice for the author), unliked, commented (a notice), posted: nothing built.
    expect(await unnamedStatementsOf(like)).toEqual([]);
    expect(await unnamedStatementsOf(like)).toEqual([]);
    expect(await unnamedStatementsOf(comment)).toEqual([]);
    expect(await unnamedStatementsOf(post)).toEqual([]);
    // The notices were stored by the prepared upsert: one like (once per actor) and the comments.
    const notices = (await t.inject({ method: "GET", url: "/api/notifications", as: author })).json() as {
      type: string;
    }[];
    expect(notices.map((x) => x.type).sort()).toEqual(["comment", "like"]);
  });
});

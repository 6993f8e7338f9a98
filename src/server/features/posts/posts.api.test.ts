import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/connect";
import type { DomainEvents } from "../../platform/events";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { invalidateModerationSettings } from "../moderation/public";

let t: TestApp;
const events: { name: string; payload: Record<string, unknown> }[] = [];
const ratings: DomainEvents["post.rating-created"][] = [];
const deletions: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["post.created", "post.liked", "post.commented", "member.mentioned"] as const) {
    t.ctx.events.on(name, async (payload) => {
      events.push({ name, payload: payload as unknown as Record<string, unknown> });
    });
  }
  t.ctx.events.on("post.rating-created", async (e) => {
    ratings.push(e);
  });
  t.ctx.events.on("post.deleted", async (e) => {
    deletions.push(e.postId);
  });
});
afterAll(async () => t?.close());

let seq = 0;
/** A unique, valid text so the repeated-posts rule never trips by accident. */
const text = (prefix = "A thoughtful post about AI models") =>
  `${prefix} number ${++seq} ${String(Date.now())}`;

async function setPlan(member: TestMember, tier: "free" | "basic" | "pro" | "premium") {
  await t.exec(`UPDATE users SET subscription_tier = '${tier}' WHERE id = ${Number(member.id)}`);
}

async function createPost(member: TestMember | undefined, payload: Record<string, unknown>) {
  return t.inject({ method: "POST", url: "/api/posts", payload, as: member });
}

async function newPost(member: TestMember, payload: Record<string, unknown> = {}) {
  const res = await createPost(member, { content: text(), ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.ctx.db, query);
  return row?.n ?? 0;
}

async function lastActions(userId: number) {
  return queryRows<{ action: string; reason: string; content: string }>(
    t.ctx.db,
    sql`select action, reason, content from moderation_actions where user_id = ${userId} order by id desc`,
  );
}

describe("creating and listing posts", () => {
  it("publishes a post with its author, hashtags as tags, and lists it first", async () => {
    const m = await t.register({ generation: "genx" });
    const res = await createPost(m, {
      content: "  Loving the new release of #ChatGPT for #Coding help, and #chatgpt again  ",
      tags: ["#Productivity"],
      isAnonymous: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({
      content: "Loving the new release of #ChatGPT for #Coding help, and #chatgpt again",
      author: { id: m.id, username: m.username, avatar: null, generation: "genx" },
      aiModel: null,
      rating: null,
      image: null,
      likes: 0,
      comments: 0,
      views: 0,
      isAnonymous: false,
      isOwn: true,
      isLiked: false,
    });
    expect(post.tags).toEqual(["Productivity", "ChatGPT", "Coding"]);
    expect(JSON.stringify(post)).not.toMatch(/email|password/i);

    const list = await t.inject({ method: "GET", url: "/api/posts" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(list.json()[0]).toMatchObject({ id: post.id, isOwn: false, isLiked: false });
    // The author's own page (written from the rows other members read, decision 0130).
    const own = await t.inject({ method: "GET", url: "/api/posts", as: m });
    expect(own.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(own.json()[0]).toEqual({ ...post, isOwn: true });
  });

  it("sends a feed page that members read alike compressed once, and a member's likes in their own answer", async () => {
    const author = await t.register();
    // Long enough (a page over 1 KB) to be compressed.
    const long =
      "Retrieval kept the citations straight across a long prompt, with tables, code and quotes intact;";
    for (let i = 0; i < 4; i++)
      await newPost(author, { content: `${text(long)} post ${i + 1} of run ${seq}` });
    const [reader, other, liker] = [await t.register(), await t.register(), await t.register()];
    const url = "/api/posts?limit=10";
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const plain = await t.inject({ method: "GET", url, as: reader });
    const first = await t.inject({ method: "GET", url, as: reader, headers: browser });
    const second = await t.inject({ method: "GET", url, as: other, headers: browser });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(zlib.brotliDecompressSync(res.rawPayload).toString("utf8")).toBe(plain.body);
    }
    const gzip = await t.inject({ method: "GET", url, as: other, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);
    // A member who liked a post of the page reads their own answer.
    const liked = (plain.json() as Array<{ id: number }>)[1]!.id;
    await t.inject({ method: "POST", url: `/api/posts/${liked}/like`, as: liker });
    const theirs = await t.inject({ method: "GET", url, as: liker, headers: browser });
    const page = JSON.parse(zlib.brotliDecompressSync(theirs.rawPayload).toString("utf8")) as Array<{
      id: number;
      isLiked: boolean;
    }>;
    expect(page.find((p) => p.id === liked)?.isLiked).toBe(true);
    expect(page.filter((p) => p.isLiked)).toHaveLength(1);
    // Members who liked the same posts of a page share a kept answer (decision 0145): each still
    // reads their own likes, the author their own posts, and an unlike shows at once.
    const read = async (member: TestMember) => {
      const res = await t.inject({ method: "GET", url, as: member, headers: browser });
      return JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString("utf8")) as Array<{
        id: number;
        isLiked: boolean;
        isOwn: boolean;
      }>;
    };
    const twin = await t.register();
    await t.inject({ method: "POST", url: `/api/posts/${liked}/like`, as: twin });
    for (const member of [liker, twin, liker]) {
      const seen = await read(member);
      expect(seen.filter((p) => p.isLiked).map((p) => p.id)).toEqual([liked]);
      expect(seen.some((p) => p.isOwn)).toBe(false);
    }
    await t.inject({ method: "POST", url: `/api/posts/${liked}/like`, as: twin }); // unlike
    expect((await read(twin)).some((p) => p.isLiked)).toBe(false);
    expect((await read(liker)).filter((p) => p.isLiked).map((p) => p.id)).toEqual([liked]);
    await t.inject({ method: "POST", url: `/api/posts/${liked}/like`, as: author });
    const own = await read(author);
    expect(own.filter((p) => p.isOwn)).toHaveLength(4);
    expect(own.filter((p) => p.isLiked).map((p) => p.id)).toEqual([liked]);
    expect((await read(liker)).some((p) => p.isOwn)).toBe(false);
  });

  it("stores script tags and HTML as plain text", async () => {
    const m = await t.register();
    const xss = `<script>alert("x")</script><img src=x onerror=alert(1)> ${text()}`;
    const post = await newPost(m, { content: xss });
    expect(post.content).toBe(xss);
    const got = await t.inject({ method: "GET", url: `/api/posts/${post.id}` });
    expect(got.json().content).toBe(xss);
    expect(got.headers["content-type"]).toContain("application/json");
  });

  it("requires a session to post", async () => {
    const res = await createPost(undefined, { content: text() });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ content: "" }, "Post content cannot be empty"],
    [{ content: "    \n  " }, "Post content cannot be empty"],
    [{}, "Post content must be text"],
    [{ content: 42 }, "Post content must be text"],
    [{ content: "x".repeat(10_001) }, "too long"],
    [{ content: "Hello there \u0000 friend" }, "not allowed"],
    [{ content: "A fine review of this", rating: 6, aiModel: "claude" }, "rating must be from 1 to 5"],
    [{ content: "A fine review of this", rating: 2.5, aiModel: "claude" }, "whole number"],
    [{ content: "A fine review of this", rating: 4 }, "Choose the AI model you are rating"],
    [{ content: "A fine review of this", aiModel: "Skynet" }, "aiModel must be one of"],
    [{ content: "A fine review of this", image: "https://evil.example/x.png" }, "image must be the address"],
    [{ content: "A fine review of this", tags: ["<b>bold</b>"] }, "Tags may only contain"],
    [{ content: "A fine review of this", tags: "ChatGPT" }, "tags must be a list"],
    [{ content: "A fine review of this", isAnonymous: "yes" }, "isAnonymous must be true or false"],
    [{ content: "A fine review of this", author: "admin" }, "Unknown field"],
  ])("refuses bad input %# with a 400", async (payload, message) => {
    const m = await t.register();
    const res = await createPost(m, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("ignores a userId in the body: identity comes from the session", async () => {
    const [a, b] = [await t.register(), await t.register()];
    const res = await createPost(a, { content: text(), userId: b.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().author.id).toBe(a.id);
  });

  it("answers 400 for bad ids and queries, 404 for a missing post", async () => {
    expect((await t.inject({ method: "GET", url: "/api/posts/abc" })).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/posts/0" })).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/posts?limit=0" })).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/posts?limit=101" })).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/posts?cursor=-1" })).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/posts?tag=a%20b" })).statusCode).toBe(400);
    const missing = await t.inject({ method: "GET", url: "/api/posts/999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Post not found");
  });

  it("counts the posts and reviews of the community stats", async () => {
    const m = await t.register();
    await setPlan(m, "pro");
    const before = (await t.inject({ method: "GET", url: "/api/stats" })).json();
    await newPost(m);
    await newPost(m, { aiModel: "claude", rating: 5 });
    const after = (await t.inject({ method: "GET", url: "/api/stats" })).json();
    expect(after.posts).toBe(before.posts + 2);
    expect(after.reviews).toBe(before.reviews + 1);
  });
});

describe("model ratings", () => {
  it("carries aiModel and rating and runs the rating hooks", async () => {
    const m = await t.register();
    const post = await newPost(m, {
      content: text("Claude helped me refactor"),
      aiModel: "claude",
      rating: 4,
      tags: ["Claude"],
    });
    expect(post).toMatchObject({ aiModel: "claude", rating: 4 });
    expect(post.tags).toContain("Claude");
    expect(ratings.at(-1)).toEqual({
      postId: post.id,
      userId: m.id,
      aiModel: "claude",
      rating: 4,
      content: post.content,
    });
    const plain = await newPost(m);
    expect(ratings.some((r) => r.postId === plain.id)).toBe(false);
  });
});

describe("feed pagination and topic filter", () => {
  it("pages newest first by cursor without overlap", async () => {
    const m = await t.register();
    await setPlan(m, "pro");
    const tag = `Page${String(Date.now())}`;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await newPost(m, { content: `${text()} #${tag}` })).id);
    const page1 = (await t.inject({ method: "GET", url: `/api/posts?tag=${tag}&limit=2` })).json();
    expect(page1.map((p: { id: number }) => p.id)).toEqual([ids[4], ids[3]]);
    const page2 = (
      await t.inject({ method: "GET", url: `/api/posts?tag=${tag}&limit=2&cursor=${page1[1].id}` })
    ).json();
    expect(page2.map((p: { id: number }) => p.id)).toEqual([ids[2], ids[1]]);
    const page3 = (
      await t.inject({ method: "GET", url: `/api/posts?tag=${tag}&limit=2&cursor=${page2[1].id}` })
    ).json();
    expect(page3.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
  });

  it("filters by hashtag ignoring case and the leading #", async () => {
    const m = await t.register();
    const tag = `Topic${String(Date.now())}`;
    const tagged = await newPost(m, { content: `${text()} #${tag}` });
    await newPost(m);
    for (const q of [tag, tag.toLowerCase(), `%23${tag.toUpperCase()}`]) {
      const res = await t.inject({ method: "GET", url: `/api/posts?tag=${q}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { id: number }) => p.id)).toEqual([tagged.id]);
    }
  });
});

describe("search", () => {
  it("finds words, hashtags and model names, best match first", async () => {
    const m = await t.register();
    await setPlan(m, "pro");
    const word = `zyx${String(Date.now())}`;
    const once = await newPost(m, {
      content: `Once: ${word} shows up a single time in this rather long sentence about many other topics entirely`,
    });
    const many = await newPost(m, { content: `${word} ${word}, ${word} everywhere you look` });
    const res = await t.inject({ method: "GET", url: `/api/posts/search?q=${word}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([many.id, once.id]);

    const tag = `Hash${String(Date.now())}`;
    const hashtagged = await newPost(m, { content: `${text()} #${tag}` });
    const byTag = await t.inject({ method: "GET", url: `/api/posts/search?q=%23${tag}` });
    expect(byTag.json().map((p: { id: number }) => p.id)).toEqual([hashtagged.id]);

    const review = await newPost(m, {
      content: `${word} runs well on my laptop`,
      aiModel: "llama",
      rating: 4,
    });
    const byModel = await t.inject({ method: "GET", url: `/api/posts/search?q=llama%20${word}` });
    expect(byModel.json().map((p: { id: number }) => p.id)).toEqual([review.id]);
    const phrase = await t.inject({
      method: "GET",
      url: `/api/posts/search?q=${encodeURIComponent(`"${word} everywhere"`)}`,
    });
    expect(phrase.json().map((p: { id: number }) => p.id)).toEqual([many.id]);
  });

  it("validates the term and never fails on odd input", async () => {
    expect((await t.inject({ method: "GET", url: "/api/posts/search" })).statusCode).toBe(400);
    const short = await t.inject({ method: "GET", url: "/api/posts/search?q=a" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("at least 2 characters");
    for (const q of ["!!!", "the and", "a & b | !c", "'\"()", "or or"]) {
      const res = await t.inject({ method: "GET", url: `/api/posts/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
  });
});

describe("editing and deleting", () => {
  it("lets the author edit, re-deriving hashtags but keeping explicit tags", async () => {
    const m = await t.register();
    const post = await newPost(m, {
      content: `${text()} #OldTopic`,
      tags: ["Claude"],
      aiModel: "claude",
      rating: 3,
    });
    const res = await t.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      payload: { content: `${text()} #NewTopic` },
      as: m,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tags).toEqual(["NewTopic", "Claude"]);
    expect(res.json()).toMatchObject({ aiModel: "claude", rating: 3, isOwn: true });
  });

  it("refuses another member's edit and delete (403), a missing post (404), empty content (400)", async () => {
    const [owner, other] = [await t.register(), await t.register()];
    const post = await newPost(owner);
    const edit = await t.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      payload: { content: text() },
      as: other,
    });
    expect(edit.statusCode).toBe(403);
    const del = await t.inject({ method: "DELETE", url: `/api/posts/${post.id}`, as: other });
    expect(del.statusCode).toBe(403);
    expect((await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).json().content).toBe(
      post.content,
    );
    expect(
      (await t.inject({ method: "PUT", url: "/api/posts/999999", payload: { content: text() }, as: owner }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ method: "DELETE", url: "/api/posts/999999", as: owner })).statusCode).toBe(404);
    const empty = await t.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      payload: { content: "  " },
      as: owner,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Post content cannot be empty");
    const unauth = await t.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      payload: { content: text() },
    });
    expect(unauth.statusCode).toBe(401);
  });

  it("moderates edits too", async () => {
    const m = await t.register();
    const post = await newPost(m);
    const res = await t.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      payload: { content: "this is shit" },
      as: m,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain("prohibited");
    // Saving the same text again is not a "repeated post".
    const same = await t.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      payload: { content: post.content },
      as: m,
    });
    expect(same.statusCode).toBe(200);
  });

  it("deletes the post with its likes and comments, and runs the deletion hooks", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    const post = await newPost(owner);
    await t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: fan });
    await t.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      payload: { content: text("Nice one") },
      as: fan,
    });
    const res = await t.inject({ method: "DELETE", url: `/api/posts/${post.id}`, as: owner });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    expect(await count(sql`select count(*)::int as n from post_likes where post_id = ${post.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from post_comments where post_id = ${post.id}`)).toBe(0);
    expect(deletions).toContain(post.id);
    // A like or a comment on the deleted post answers 404.
    expect((await t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: fan })).statusCode).toBe(
      404,
    );
    const comment = await t.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      payload: { content: text() },
      as: fan,
    });
    expect(comment.statusCode).toBe(404);
  });
});

describe("likes", () => {
  it("toggles and answers { liked } from the server, emitting post.liked only when added", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    const post = await newPost(owner);
    const before = events.filter((e) => e.name === "post.liked").length;
    const like = await t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: fan });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toEqual({ liked: true, likes: 1 });
    expect(
      (await t.inject({ method: "GET", url: "/api/posts?limit=100", as: fan }))
        .json()
        .find((p: { id: number }) => p.id === post.id),
    ).toMatchObject({ isLiked: true, likes: 1 });
    const unlike = await t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: fan });
    expect(unlike.json()).toEqual({ liked: false, likes: 0 });
    const liked = events.filter((e) => e.name === "post.liked").slice(before);
    expect(liked).toEqual([
      { name: "post.liked", payload: { actorId: fan.id, postId: post.id, ownerId: owner.id } },
    ]);
    expect((await t.inject({ method: "POST", url: `/api/posts/${post.id}/like` })).statusCode).toBe(401);
    expect((await t.inject({ method: "POST", url: "/api/posts/999999/like", as: fan })).statusCode).toBe(404);
  });

  it("counts 20 members liking at once exactly", async () => {
    const owner = await t.register();
    const post = await newPost(owner);
    const fans: TestMember[] = [];
    for (let i = 0; i < 20; i++) fans.push(await t.register());
    const answers = await Promise.all(
      fans.map((f) => t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: f })),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.json().liked === true)).toBe(true);
    const got = (await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).json();
    expect(got.likes).toBe(20);
    expect(await count(sql`select count(*)::int as n from post_likes where post_id = ${post.id}`)).toBe(20);
    // Half of them unlike at once, while the same member double-clicks.
    await Promise.all(
      fans.slice(0, 10).map((f) => t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: f })),
    );
    const after = (await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).json();
    expect(after.likes).toBe(10);
    expect(await count(sql`select count(*)::int as n from post_likes where post_id = ${post.id}`)).toBe(10);
  });

  it("keeps the counter equal to the like rows when one member double-clicks", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    const post = await newPost(owner);
    await Promise.all(
      [1, 2, 3, 4].map(() => t.inject({ method: "POST", url: `/api/posts/${post.id}/like`, as: fan })),
    );
    const got = (await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).json();
    const rows = await count(sql`select count(*)::int as n from post_likes where post_id = ${post.id}`);
    expect(got.likes).toBe(rows);
  });
});

describe("comments", () => {
  it("adds, lists oldest first, keeps the count exact, and lets only the author delete", async () => {
    const [owner, a, b] = [await t.register(), await t.register(), await t.register()];
    const post = await newPost(owner);
    const c1 = await t.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      payload: { content: "<b>First</b> comment here" },
      as: a,
    });
    expect(c1.statusCode, c1.body).toBe(201);
    expect(c1.json()).toMatchObject({
      postId: post.id,
      content: "<b>First</b> comment here",
      isOwn: true,
      author: { id: a.id },
    });
    const c2 = await t.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      payload: { content: text("Second") },
      as: b,
    });
    const list = await t.inject({ method: "GET", url: `/api/posts/${post.id}/comments` });
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([c1.json().id, c2.json().id]);
    const paged = await t.inject({
      method: "GET",
      url: `/api/posts/${post.id}/comments?limit=1&cursor=${c1.json().id}`,
    });
    expect(paged.json().map((c: { id: number }) => c.id)).toEqual([c2.json().id]);
    expect((await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).json().comments).toBe(2);

    const forbidden = await t.inject({
      method: "DELETE",
      url: `/api/posts/${post.id}/comments/${c1.json().id}`,
      as: b,
    });
    expect(forbidden.statusCode).toBe(403);
    const wrongPost = await t.inject({
      method: "DELETE",
      url: `/api/posts/999999/comments/${c1.json().id}`,
      as: a,
    });
    expect(wrongPost.statusCode).toBe(404);
    const del = await t.inject({
      method: "DELETE",
      url: `/api/posts/${post.id}/comments/${c1.json().id}`,
      as: a,
    });
    expect(del.statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).json().comments).toBe(1);
    expect(
      (await t.inject({ method: "DELETE", url: `/api/posts/${post.id}/comments/${c1.json().id}`, as: a }))
        .statusCode,
    ).toBe(404);
  });

  it("counts concurrent comments exactly and emits post.commented", async () => {
    const owner = await t.register();
    const post = await newPost(owner);
    const writers: TestMember[] = [];
    for (let i = 0; i < 8; i++) writers.push(await t.register());
    const answers = await Promise.all(
      writers.map((w) =>
        t.inject({
          method: "POST",
          url: `/api/posts/${post.id}/comments`,
          payload: { content: text("Agreed") },
          as: w,
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect((await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).json().comments).toBe(8);
    expect(await count(sql`select count(*)::int as n from post_comments where post_id = ${post.id}`)).toBe(8);
    const commented = events.filter((e) => e.name === "post.commented" && e.payload.postId === post.id);
    expect(commented).toHaveLength(8);
    expect(commented[0]!.payload.ownerId).toBe(owner.id);
  });

  it("moderates comments and validates input", async () => {
    const [owner, m] = [await t.register(), await t.register()];
    const post = await newPost(owner);
    const short = await t.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      payload: { content: "ok" },
      as: m,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toContain("too short");
    const empty = await t.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      payload: { content: " " },
      as: m,
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (
        await t.inject({
          method: "POST",
          url: `/api/posts/${post.id}/comments`,
          payload: { content: text() },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/posts/999999/comments" })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: "DELETE", url: `/api/posts/${post.id}/comments/abc`, as: m })).statusCode,
    ).toBe(400);
    expect((await t.inject({ method: "GET", url: `/api/posts/${post.id}` })).json().comments).toBe(0);
  });
});

describe("anonymous (stealth) posts", () => {
  it("hide the author from everyone but admins; the author keeps edit and delete", async () => {
    const [author, other, admin] = [await t.register(), await t.register(), await t.register()];
    await t.makeAdmin(admin);
    const before = events.length;
    const post = await newPost(author, { content: `${text()} cc @${other.username}`, isAnonymous: true });
    expect(post).toMatchObject({
      isAnonymous: true,
      isOwn: true,
      author: { id: null, username: "Anonymous", avatar: null, generation: null },
    });
    // Announcing the post or its mentions would reveal who wrote it.
    expect(events.slice(before)).toEqual([]);

    const seenByOther = (await t.inject({ method: "GET", url: `/api/posts/${post.id}`, as: other })).json();
    expect(seenByOther).toMatchObject({ isOwn: false, author: { id: null, username: "Anonymous" } });
    const signedOut = (await t.inject({ method: "GET", url: "/api/posts?limit=100" }))
      .json()
      .find((p: { id: number }) => p.id === post.id);
    expect(signedOut.author).toEqual({ id: null, username: "Anonymous", avatar: null, generation: null });
    expect(JSON.stringify(signedOut)).not.toContain(author.username);

    const seenByAdmin = (await t.inject({ method: "GET", url: `/api/posts/${post.id}`, as: admin })).json();
    expect(seenByAdmin).toMatchObject({
      isAnonymous: true,
      isOwn: false,
      author: { id: author.id, username: author.username },
    });

    expect(
      (
        await t.inject({
          method: "PUT",
          url: `/api/posts/${post.id}`,
          payload: { content: text() },
          as: author,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.inject({
          method: "PUT",
          url: `/api/posts/${post.id}`,
          payload: { content: text() },
          as: other,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.inject({ method: "DELETE", url: `/api/posts/${post.id}`, as: author })).statusCode).toBe(
      200,
    );
  });

  it("hide the author of anonymous comments too", async () => {
    const [owner, commenter] = [await t.register(), await t.register()];
    const post = await newPost(owner);
    const c = await t.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      payload: { content: text(), isAnonymous: true },
      as: commenter,
    });
    expect(c.json()).toMatchObject({ isOwn: true, author: { id: null, username: "Anonymous" } });
    const list = (await t.inject({ method: "GET", url: `/api/posts/${post.id}/comments`, as: owner })).json();
    expect(list[0]).toMatchObject({ isOwn: false, author: { id: null, username: "Anonymous" } });
  });
});

describe("events", () => {
  it("announces new posts and @mentions (resolved to member ids, not the author)", async () => {
    const [author, mentioned] = [await t.register(), await t.register()];
    const before = events.length;
    const post = await newPost(author, {
      content: `Great point @${mentioned.username.toUpperCase()} and @${author.username} and @nobody_here_x ${text()}`,
    });
    const fresh = events.slice(before);
    expect(fresh).toContainEqual({ name: "post.created", payload: { actorId: author.id, postId: post.id } });
    const mention = fresh.find((e) => e.name === "member.mentioned");
    expect(mention?.payload).toMatchObject({
      actorId: author.id,
      userIds: [mentioned.id],
      url: `/post/${post.id}`,
    });

    const c = await t.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      payload: { content: `Thanks @${author.username}!` },
      as: mentioned,
    });
    expect(c.statusCode).toBe(201);
    expect(events.at(-1)).toMatchObject({
      name: "member.mentioned",
      payload: { actorId: mentioned.id, userIds: [author.id], url: `/post/${post.id}` },
    });
  });
});

describe("views", () => {
  it("count one view per viewer per post per hour", async () => {
    const [author, reader] = [await t.register(), await t.register()];
    const post = await newPost(author);
    const open = (as?: TestMember, ip = "10.9.9.9") =>
      t
        .inject({ method: "GET", url: `/api/posts/${post.id}`, as, remoteAddress: ip })
        .then((r) => r.json().views);
    expect(await open(reader)).toBe(1);
    expect(await open(reader)).toBe(1);
    expect(await open(author)).toBe(2);
    expect(await open(undefined, "10.1.1.1")).toBe(3);
    expect(await open(undefined, "10.1.1.1")).toBe(3);
    t.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      expect(await open(reader)).toBe(4);
    } finally {
      t.setNow(undefined);
    }
    // Listing does not count views.
    await t.inject({ method: "GET", url: "/api/posts" });
    expect((await t.inject({ method: "GET", url: `/api/posts/${post.id}`, as: reader })).json().views).toBe(
      4,
    );
  });

  it("a read writes nothing: the views are written later in one batch, each viewer once per hour", async () => {
    // An app whose timer never fires during the test: only the explicit flush writes.
    const app = await createTestApp({ viewFlushMs: 3_600_000 });
    try {
      const [author, reader] = [await app.register(), await app.register()];
      const created = await app.inject({
        method: "POST",
        url: "/api/posts",
        payload: { content: text() },
        as: author,
      });
      const id = created.json().id as number;
      const stored = async () => {
        const [row] = await queryRows<{ views: number; rows: number }>(
          app.ctx.db,
          sql`SELECT views, (SELECT count(*)::int FROM post_views WHERE post_id = ${id}) AS rows FROM posts WHERE id = ${id}`,
        );
        return row;
      };
      const open = (as?: TestMember, ip = "10.8.8.8") =>
        app
          .inject({ method: "GET", url: `/api/posts/${id}`, as, remoteAddress: ip })
          .then((r) => r.json().views);
      expect(await open(reader)).toBe(1);
      expect(await open(reader)).toBe(1);
      expect(await open()).toBe(2);
      // Nothing written yet: the reads did not touch the database's rows.
      expect(await stored()).toEqual({ views: 0, rows: 0 });
      await app.ctx.buffers.flush();
      expect(await stored()).toEqual({ views: 2, rows: 2 });
      // The same viewers again this hour: counted neither in the answer nor in the next batch.
      expect(await open(reader)).toBe(2);
      await app.ctx.buffers.flush();
      expect(await stored()).toEqual({ views: 2, rows: 2 });
      // A view held for a post deleted before the flush is dropped, with the rest written.
      const other = (
        await app.inject({ method: "POST", url: "/api/posts", payload: { content: text() }, as: author })
      ).json().id as number;
      await app.inject({ method: "GET", url: `/api/posts/${other}`, as: reader });
      expect(await open(author)).toBe(3);
      await app.inject({ method: "DELETE", url: `/api/posts/${other}`, as: author });
      await app.ctx.buffers.flush();
      expect(await stored()).toEqual({ views: 3, rows: 3 });
    } finally {
      await app.close();
    }
  });

  it("views held when the app closes are written before its database closes", async () => {
    const app = await createTestApp({ viewFlushMs: 3_600_000 });
    const author = await app.register();
    const id = (
      await app.inject({ method: "POST", url: "/api/posts", payload: { content: text() }, as: author })
    ).json().id as number;
    await app.inject({ method: "GET", url: `/api/posts/${id}`, remoteAddress: "10.7.7.7" });
    let written = -1;
    // Read in the close itself, after the buffers and before the connections go.
    const close = app.ctx.buffers.close.bind(app.ctx.buffers);
    app.ctx.buffers.close = async () => {
      await close();
      const [row] = await queryRows<{ views: number }>(
        app.ctx.db,
        sql`SELECT views FROM posts WHERE id = ${id}`,
      );
      written = row?.views ?? -1;
    };
    await app.close();
    expect(written).toBe(1);
  });
});

describe("moderation pipeline", () => {
  it.each([
    ["abc", "too short", "Content too short", "content_too_short"],
    ["word ".repeat(420), "too long", "Content too long", "content_too_long"],
    ["What a load of shit this model is", "prohibited", "Prohibited language", "content_prohibited"],
    [
      "Deals https://a.example https://b.example https://c.example https://d.example",
      "suspicious",
      "too many links",
      "content_suspicious",
    ],
    ["Wowwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww", "suspicious", "repeated characters", "content_suspicious"],
    ["spam spam spam spam spam spam spam", "suspicious", "repeated words", "content_suspicious"],
  ])(
    "refuses %j with 422 (%s), its stable code, and records the action",
    async (content, keyword, reason, code) => {
      const m = await t.register();
      const res = await createPost(m, { content });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toContain(keyword);
      expect(res.json().code).toBe(code);
      const [action] = await lastActions(m.id);
      expect(action?.action).toBe("Post blocked");
      expect(action?.reason).toContain(reason);
      expect(action?.content).toBe(content.trim());
    },
  );

  it("refuses a repeated post as suspicious, ignoring case and punctuation", async () => {
    const m = await t.register();
    const content = text("My honest take on local models");
    await newPost(m, { content });
    const again = await createPost(m, { content: `  ${content.toUpperCase()}!! ` });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain("suspicious");
    expect((await lastActions(m.id))[0]?.reason).toContain("posted recently");
    // Another member may say the same thing.
    expect((await createPost(await t.register(), { content })).statusCode).toBe(201);
  });

  it("refuses a repeated comment on any post, after a missing post's 404", async () => {
    const m = await t.register();
    const [a, b] = [await newPost(await t.register()), await newPost(await t.register())];
    const content = text("Same words under two posts");
    const comment = (postId: number, as: TestMember) =>
      t.inject({ method: "POST", url: `/api/posts/${postId}/comments`, payload: { content }, as });
    expect((await comment(a.id, m)).statusCode).toBe(201);
    // The post is looked for first: a missing one answers 404, whatever the text.
    expect((await comment(2_000_000_000, m)).statusCode).toBe(404);
    const again = await comment(b.id, m);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe("content_suspicious");
    expect((await lastActions(m.id))[0]?.reason).toContain("posted recently");
    // The refusal stored nothing; another member may say the same thing.
    expect(await count(sql`SELECT count(*) FROM post_comments WHERE post_id = ${b.id}`)).toBe(0);
    expect((await comment(b.id, await t.register())).statusCode).toBe(201);
  });

  it("rate-limits to 5 posts per minute (429) and records it", async () => {
    const m = await t.register();
    await setPlan(m, "pro");
    for (let i = 0; i < 5; i++) await newPost(m);
    const sixth = await createPost(m, { content: text() });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toContain("rate limit");
    expect(sixth.json().code).toBe("rate_limited");
    const [action] = await lastActions(m.id);
    expect(action?.action).toBe("Post rate limited");
    // Comments have their own budget.
    const post = (await t.inject({ method: "GET", url: "/api/posts?limit=1" })).json()[0];
    expect(
      (
        await t.inject({
          method: "POST",
          url: `/api/posts/${post.id}/comments`,
          payload: { content: text() },
          as: m,
        })
      ).statusCode,
    ).toBe(201);
  });

  it("applies the Free plan's 5 posts per day, naming the plan and the upgrade", async () => {
    await t.ctx.database.exec("UPDATE moderation_settings SET posts_per_minute = 100");
    invalidateModerationSettings();
    try {
      const m = await t.register();
      for (let i = 0; i < 5; i++) await newPost(m);
      const sixth = await createPost(m, { content: text() });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(
        "Daily post rate limit reached: the Free plan allows 5 posts per day. Upgrade to Basic or Pro on the Subscription page for more.",
      );
      expect(sixth.json().code).toBe("daily_post_limit");
      expect((await lastActions(m.id))[0]).toMatchObject({ action: "Post rate limited" });
      // Comments are not posts.
      const post = (await t.inject({ method: "GET", url: "/api/posts?limit=1" })).json()[0];
      expect(
        (
          await t.inject({
            method: "POST",
            url: `/api/posts/${post.id}/comments`,
            payload: { content: text() },
            as: m,
          })
        ).statusCode,
      ).toBe(201);

      // A day later the window has moved on.
      t.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
      expect((await createPost(m, { content: text() })).statusCode).toBe(201);
      t.setNow(undefined);

      // Basic allows 25; Pro is unlimited.
      await setPlan(m, "pro");
      expect((await createPost(m, { content: text() })).statusCode).toBe(201);
      await setPlan(m, "basic");
      const basic = await t.register();
      await setPlan(basic, "basic");
      for (let i = 0; i < 25; i++) await newPost(basic);
      const over = await createPost(basic, { content: text() });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toContain("the Basic plan allows 25 posts per day");
    } finally {
      t.setNow(undefined);
      await t.ctx.database.exec("UPDATE moderation_settings SET posts_per_minute = 5");
      invalidateModerationSettings();
    }
  });

  it("reads its limits from the stored settings", async () => {
    await t.ctx.database.exec("UPDATE moderation_settings SET min_length = 20, profanity_filter = false");
    invalidateModerationSettings();
    try {
      const m = await t.register();
      const short = await createPost(m, { content: "Fifteen chars!!" });
      expect(short.statusCode).toBe(422);
      expect(short.json().message).toContain("at least 20 characters");
      expect((await createPost(m, { content: `Honestly this is shit but fine ${text()}` })).statusCode).toBe(
        201,
      );
    } finally {
      await t.ctx.database.exec("UPDATE moderation_settings SET min_length = 5, profanity_filter = true");
      invalidateModerationSettings();
    }
  });
});

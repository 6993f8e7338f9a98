import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCK_MESSAGES } from "../../../common/blocks";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Json = Record<string, unknown> & { id: number };

const block = (as: TestMember, id: number | string) =>
  t.inject({ method: "PUT", url: `/api/users/${id}/block`, as });
const unblock = (as: TestMember, id: number | string) =>
  t.inject({ method: "DELETE", url: `/api/users/${id}/block`, as });
const mute = (as: TestMember, kind: string, target: string | number) =>
  t.inject({ method: "POST", url: "/api/mutes", as, payload: { kind, target: String(target) } });
const unmute = (as: TestMember, kind: string, target: string | number) =>
  t.inject({ method: "DELETE", url: `/api/mutes/${kind}/${encodeURIComponent(String(target))}`, as });
const list = async (as: TestMember) => (await t.inject({ method: "GET", url: "/api/blocks", as })).json();

async function get(url: string, as?: TestMember): Promise<Json[]> {
  const res = await t.inject({ method: "GET", url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

let seq = 0;
async function newPost(as: TestMember, extra: Record<string, unknown> = {}, word = "") {
  seq += 1;
  const res = await t.inject({
    method: "POST",
    url: "/api/posts",
    as,
    payload: { content: `Notes on prompting number ${seq} ${word} ${randomTag(8)}`, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}
const comment = (as: TestMember, postId: number, extra: Record<string, unknown> = {}) =>
  t.inject({
    method: "POST",
    url: `/api/posts/${postId}/comments`,
    as,
    payload: { content: `A thoughtful comment ${++seq} ${randomTag(6)}`, ...extra },
  });

async function newForum(as: TestMember) {
  const res = await t.inject({
    method: "POST",
    url: "/api/forums",
    as,
    payload: {
      name: `Block forum ${randomTag(6)}`,
      description: "A forum to test blocking.",
      aiModel: "claude",
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}
async function newThread(as: TestMember, forumId: number) {
  const res = await t.inject({
    method: "POST",
    url: `/api/forums/${forumId}/threads`,
    as,
    payload: { title: `Thread ${randomTag(6)}`, content: `Thread body number ${++seq} ${randomTag(6)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}
const reply = (as: TestMember, threadId: number, content = `A reply number ${++seq} ${randomTag(6)}`) =>
  t.inject({ method: "POST", url: `/api/threads/${threadId}/replies`, as, payload: { content } });

async function newPrompt(as: TestMember, word: string) {
  const res = await t.inject({
    method: "POST",
    url: "/api/prompts",
    as,
    payload: {
      title: `Prompt ${word} ${randomTag(4)}`,
      content: `Explain ${word} to a curious reader in five sentences (variant ${++seq}).`,
      description: `About ${word}`,
      category: "education",
      aiModel: "any",
      difficulty: "beginner",
      tags: ["explain"],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}

const notices = async (as: TestMember) =>
  (await get("/api/notifications?limit=50", as)) as unknown as Array<{
    type: string;
    relatedUser: { id: number } | null;
    url: string | null;
  }>;

describe("blocking", () => {
  it("blocks and unblocks idempotently, lists the block, and removes follows both ways", async () => {
    const a = await t.register();
    const b = await t.register();
    await t.inject({ method: "POST", url: `/api/users/${b.id}/follow`, as: a });
    await t.inject({ method: "POST", url: `/api/users/${a.id}/follow`, as: b });
    const res = await block(a, b.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ blocked: true, message: BLOCK_MESSAGES.blocked });
    expect((await block(a, b.id)).statusCode).toBe(200);
    expect((await list(a)).blocked).toEqual([
      expect.objectContaining({ id: b.id, username: b.username, createdAt: expect.any(String) }),
    ]);
    // The blocked member's own list says nothing.
    expect((await list(b)).blocked).toEqual([]);
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM follows WHERE follower_id IN (${a.id}, ${b.id})`,
    );
    expect(Number(row!.n)).toBe(0);
    const profile = (await t.inject({ method: "GET", url: `/api/users/${b.id}` })).json();
    expect(profile).toMatchObject({ followersCount: 0, followingCount: 0 });

    expect((await unblock(a, b.id)).json()).toEqual({ blocked: false, message: BLOCK_MESSAGES.unblocked });
    expect((await unblock(a, b.id)).statusCode).toBe(200);
    expect((await list(a)).blocked).toEqual([]);
  });

  it("refuses blocking oneself, unknown members, bad ids and visitors", async () => {
    const a = await t.register();
    const self = await block(a, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: "block_self", message: BLOCK_MESSAGES.blockSelf });
    expect((await block(a, 999_999)).statusCode).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const res = await block(a, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    expect((await t.inject({ method: "PUT", url: `/api/users/${a.id}/block` })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/blocks" })).statusCode).toBe(401);
  });

  it("another member cannot undo a block (theirs is a different row)", async () => {
    const a = await t.register();
    const b = await t.register();
    const c = await t.register();
    await block(a, b.id);
    // The blocked member, and a third member, "unblock": nothing of a's changes.
    expect((await unblock(b, a.id)).statusCode).toBe(200);
    expect((await unblock(c, b.id)).statusCode).toBe(200);
    expect((await list(a)).blocked.map((m: Json) => m.id)).toEqual([b.id]);
  });

  it("refuses following across a block, either way, in the same words", async () => {
    const a = await t.register();
    const b = await t.register();
    await block(a, b.id);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await t.inject({ method: "POST", url: `/api/users/${to.id}/follow`, as: from });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: "blocked", message: BLOCK_MESSAGES.cannotFollow });
    }
    await unblock(a, b.id);
    expect((await t.inject({ method: "POST", url: `/api/users/${b.id}/follow`, as: a })).statusCode).toBe(
      200,
    );
  });

  it("hides each other's named posts from the feed, the hashtag feed and search, both ways; stealth posts stay", async () => {
    const a = await t.register();
    const b = await t.register();
    const word = `zq${randomTag(6).toLowerCase()}`;
    const byA = await newPost(a, {}, `${word} #${word}`);
    const byB = await newPost(b, {}, `${word} #${word}`);
    const stealthB = await newPost(b, { isAnonymous: true }, `${word} #${word}`);
    const before = ids(await get("/api/posts?limit=50", a));
    expect(before).toEqual(expect.arrayContaining([byA.id, byB.id, stealthB.id]));

    await block(a, b.id);
    for (const [viewer, other, own] of [
      [a, byB, byA],
      [b, byA, byB],
    ] as const) {
      const feed = ids(await get("/api/posts?limit=50", viewer));
      expect(feed).not.toContain(other.id);
      expect(feed).toEqual(expect.arrayContaining([own.id, stealthB.id]));
      const tagged = ids(await get(`/api/posts?limit=50&tag=${word}`, viewer));
      expect(tagged).not.toContain(other.id);
      expect(tagged).toContain(stealthB.id);
      const found = ids(await get(`/api/posts/search?q=${word}`, viewer));
      expect(found).not.toContain(other.id);
      expect(found).toContain(stealthB.id);
      const global = (await get(`/api/search?q=${word}`, viewer)) as unknown as { posts: Json[] };
      expect(ids(global.posts)).not.toContain(other.id);
      expect(ids(global.posts)).toContain(stealthB.id);
    }
    // A third member and a visitor see everything.
    const c = await t.register();
    expect(ids(await get("/api/posts?limit=50", c))).toEqual(expect.arrayContaining([byA.id, byB.id]));
    expect(ids(await get("/api/posts?limit=50"))).toEqual(expect.arrayContaining([byA.id, byB.id]));
    // The post stays reachable by its address.
    expect((await t.inject({ method: "GET", url: `/api/posts/${byB.id}`, as: a })).statusCode).toBe(200);
    // Undo: back in the feed at once.
    await unblock(a, b.id);
    expect(ids(await get("/api/posts?limit=50", a))).toContain(byB.id);
  });

  it("hides members blocked either way from global member search and their prompts from the library", async () => {
    const a = await t.register();
    const b = await t.register({ username: `blk${randomTag(6).toLowerCase()}` });
    const word = `qz${randomTag(6).toLowerCase()}`;
    const promptB = await newPrompt(b, word);
    const promptA = await newPrompt(a, word);
    await block(b, a.id);
    const prompts = ids(await get("/api/prompts?sort=newest&limit=50", a));
    expect(prompts).not.toContain(promptB.id);
    expect(ids(await get("/api/prompts?sort=newest&limit=50", b))).not.toContain(promptA.id);
    expect(ids(await get("/api/prompts?sort=newest&limit=50"))).toEqual(
      expect.arrayContaining([promptA.id, promptB.id]),
    );
    const users = (await get(`/api/search?q=${b.username}`, a)) as unknown as {
      users: Json[];
      prompts: Json[];
    };
    expect(ids(users.users)).not.toContain(b.id);
    const forVisitor = (await get(`/api/search?q=${b.username}`)) as unknown as { users: Json[] };
    expect(ids(forVisitor.users)).toContain(b.id);
    const promptsFound = (await get(`/api/search?q=${word}`, a)) as unknown as { prompts: Json[] };
    expect(ids(promptsFound.prompts)).not.toContain(promptB.id);
    expect(ids(promptsFound.prompts)).toContain(promptA.id);
  });

  it("takes named posts of members blocked either way out of trending", async () => {
    const a = await t.register();
    const b = await t.register();
    const byA = await newPost(a);
    const byB = await newPost(b);
    const stealthB = await newPost(b, { isAnonymous: true });
    await block(a, b.id);
    const hotA = ids(await get("/api/trending/posts?timeframe=1h&limit=50", a));
    expect(hotA).not.toContain(byB.id);
    expect(hotA).toEqual(expect.arrayContaining([byA.id, stealthB.id]));
    const hotB = ids(await get("/api/trending/posts?timeframe=1h&limit=50", b));
    expect(hotB).not.toContain(byA.id);
    expect(hotB).toContain(byB.id);
    expect(ids(await get("/api/trending/posts?timeframe=1h&limit=50"))).toEqual(
      expect.arrayContaining([byA.id, byB.id]),
    );
  });

  it("comments: refused either way on named posts and comments; collapsed for the blocker, left out for the blocked", async () => {
    const a = await t.register();
    const b = await t.register();
    const c = await t.register();
    const postC = await newPost(c);
    const commentB = (await comment(b, postC.id)).json();
    const commentA = (await comment(a, postC.id)).json();
    const stealthCommentB = (await comment(b, postC.id, { isAnonymous: true })).json();
    const postA = await newPost(a);
    const postB = await newPost(b);
    const stealthPostA = await newPost(a, { isAnonymous: true });
    await block(a, b.id);

    for (const [from, postId] of [
      [b, postA.id],
      [a, postB.id],
    ] as const) {
      const res = await comment(from, postId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: "blocked", message: BLOCK_MESSAGES.cannotReply });
    }
    // Replying to the other's comment under a third member's post: refused too.
    const replyToA = await comment(b, postC.id, { parentId: commentA.id });
    expect(replyToA.statusCode).toBe(403);
    // A stealth post's author is nobody: the blocked member may comment (refusing would name a).
    expect((await comment(b, stealthPostA.id)).statusCode).toBe(201);
    // A stealth comment may be answered.
    expect((await comment(a, postC.id, { parentId: stealthCommentB.id })).statusCode).toBe(201);

    const forA = await get(`/api/posts/${postC.id}/comments?limit=50`, a);
    const collapsed = forA.find((x) => x.id === commentB.id)!;
    expect(collapsed).toMatchObject({ isBlocked: true, content: BLOCK_MESSAGES.blockedPost });
    expect(JSON.stringify(collapsed)).not.toContain(b.username);
    expect(forA.find((x) => x.id === stealthCommentB.id)).toMatchObject({ isAnonymous: true });
    const forB = await get(`/api/posts/${postC.id}/comments?limit=50`, b);
    expect(ids(forB)).not.toContain(commentA.id);
    expect(JSON.stringify(forB)).not.toContain(BLOCK_MESSAGES.blockedPost);
    const forC = await get(`/api/posts/${postC.id}/comments?limit=50`, c);
    expect(ids(forC)).toEqual(expect.arrayContaining([commentA.id, commentB.id]));
    expect(JSON.stringify(forC)).not.toContain("isBlocked");
  });

  it("forums: threads leave each other's lists, replies collapse for the blocker and leave the blocked member's view, replies refused", async () => {
    const a = await t.register();
    const b = await t.register();
    const c = await t.register();
    const forum = await newForum(c);
    const threadA = await newThread(a, forum.id);
    const threadB = await newThread(b, forum.id);
    const threadC = await newThread(c, forum.id);
    const replyA = (await reply(a, threadC.id)).json();
    const replyB = (await reply(b, threadC.id)).json();
    await block(a, b.id);

    const threadsA = ids(await get(`/api/forums/${forum.id}/threads?limit=50`, a));
    expect(threadsA).not.toContain(threadB.id);
    expect(threadsA).toEqual(expect.arrayContaining([threadA.id, threadC.id]));
    expect(ids(await get(`/api/forums/${forum.id}/threads?limit=50`, b))).not.toContain(threadA.id);
    expect(ids(await get(`/api/forums/${forum.id}/threads?limit=50`, c))).toHaveLength(3);

    const repliesA = await get(`/api/threads/${threadC.id}/replies?limit=50`, a);
    expect(repliesA.find((r) => r.id === replyB.id)).toMatchObject({
      isBlocked: true,
      content: BLOCK_MESSAGES.blockedPost,
    });
    expect(JSON.stringify(repliesA)).not.toContain(b.username);
    const repliesB = await get(`/api/threads/${threadC.id}/replies?limit=50`, b);
    expect(ids(repliesB)).toEqual([replyB.id]);
    expect(ids(await get(`/api/threads/${threadC.id}/replies?limit=50`, c))).toEqual([replyA.id, replyB.id]);

    for (const [from, thread] of [
      [b, threadA],
      [a, threadB],
    ] as const) {
      const res = await reply(from, thread.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: "blocked", message: BLOCK_MESSAGES.cannotReply });
    }
    expect((await reply(b, threadC.id)).statusCode).toBe(201);
  });

  it("notifications: no like, comment, follow or mention across a block, either way; earlier ones go; stealth stays anonymous", async () => {
    const a = await t.register();
    const b = await t.register();
    const postA = await newPost(a);
    await t.inject({ method: "POST", url: `/api/posts/${postA.id}/like`, as: b });
    expect((await notices(a)).some((n) => n.relatedUser?.id === b.id)).toBe(true);
    await block(a, b.id);
    // The notices named after the blocked member are gone.
    expect((await notices(a)).some((n) => n.relatedUser?.id === b.id)).toBe(false);

    const postB = await newPost(b, {}, `hello @${a.username}`);
    await newPost(a, {}, `hello @${b.username}`);
    const forum = await newForum(a);
    await newThread(b, forum.id).then(async () => {
      const th = await newThread(a, forum.id);
      await reply(b, th.id, `mentioning @${a.username} in a reply`);
    });
    expect((await notices(a)).some((n) => n.relatedUser?.id === b.id)).toBe(false);
    expect((await notices(b)).some((n) => n.relatedUser?.id === a.id)).toBe(false);
    expect(postB.id).toBeGreaterThan(0);

    // A stealth comment reaches the post's author as "Anonymous", blocked or not (decision 0092).
    const stealthPostA = await newPost(a, { isAnonymous: true });
    const stealthBefore = (await notices(a)).length;
    expect((await comment(b, stealthPostA.id, { isAnonymous: true })).statusCode).toBe(201);
    const after = await notices(a);
    expect(after.length).toBeGreaterThanOrEqual(stealthBefore);
    expect(after.every((n) => n.relatedUser?.id !== b.id)).toBe(true);
  });

  it("never tells the blocked member: no notice, nothing in their list", async () => {
    const a = await t.register();
    const b = await t.register();
    const before = (await notices(b)).length;
    await block(a, b.id);
    expect((await notices(b)).length).toBe(before);
    expect(await list(b)).toEqual({ blocked: [], muted: [] });
    const unread = (await t.inject({ method: "GET", url: "/api/notifications/unread-count", as: b })).json();
    expect(unread.count).toBe(0);
  });
});

describe("muting", () => {
  it("mutes a member: no notices from them, their named posts leave the home feed, still reachable", async () => {
    const a = await t.register();
    const b = await t.register();
    const res = await mute(a, "member", b.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ muted: true, message: BLOCK_MESSAGES.muted });
    expect((await mute(a, "member", b.id)).statusCode).toBe(200);
    const postB = await newPost(b, {}, `hi @${a.username}`);
    const stealthB = await newPost(b, { isAnonymous: true });
    const postA = await newPost(a);
    await t.inject({ method: "POST", url: `/api/posts/${postA.id}/like`, as: b });
    await t.inject({ method: "POST", url: `/api/users/${a.id}/follow`, as: b });
    expect((await notices(a)).some((n) => n.relatedUser?.id === b.id)).toBe(false);
    const feed = ids(await get("/api/posts?limit=50", a));
    expect(feed).not.toContain(postB.id);
    expect(feed).toContain(stealthB.id);
    expect((await t.inject({ method: "GET", url: `/api/posts/${postB.id}`, as: a })).statusCode).toBe(200);
    // Muting is not blocking: b may still follow and comment; b's feed still shows a.
    expect((await comment(b, postA.id)).statusCode).toBe(201);
    expect(ids(await get("/api/posts?limit=50", b))).toContain(postA.id);
    expect((await list(a)).muted).toEqual([
      expect.objectContaining({
        kind: "member",
        target: String(b.id),
        label: b.username,
        url: `/profile/${b.id}`,
      }),
    ]);
    expect((await unmute(a, "member", b.id)).json()).toEqual({
      muted: false,
      message: BLOCK_MESSAGES.unmuted,
    });
    expect(ids(await get("/api/posts?limit=50", a))).toContain(postB.id);
  });

  it("mutes a hashtag: its posts leave the home feed, its own page still shows them", async () => {
    const a = await t.register();
    const b = await t.register();
    const tag = `Mt${randomTag(6)}`;
    const tagged = await newPost(b, {}, `#${tag}`);
    const other = await newPost(b);
    expect((await mute(a, "hashtag", `#${tag}`)).statusCode).toBe(200);
    const feed = ids(await get("/api/posts?limit=50", a));
    expect(feed).not.toContain(tagged.id);
    expect(feed).toContain(other.id);
    expect(ids(await get(`/api/posts?limit=50&tag=${tag}`, a))).toContain(tagged.id);
    expect((await list(a)).muted[0]).toMatchObject({
      kind: "hashtag",
      target: tag.toLowerCase(),
      label: `#${tag.toLowerCase()}`,
    });
    await unmute(a, "hashtag", tag);
    expect(ids(await get("/api/posts?limit=50", a))).toContain(tagged.id);
  });

  it("mutes a thread and a forum: no reply or mention notices from them, they leave the lists, still reachable", async () => {
    const a = await t.register();
    const b = await t.register();
    const forum = await newForum(a);
    const thread = await newThread(a, forum.id);
    const other = await newThread(a, forum.id);
    expect((await mute(a, "thread", thread.id)).statusCode).toBe(200);
    expect((await reply(b, thread.id)).statusCode).toBe(201);
    expect((await reply(b, thread.id, `hey @${a.username} look`)).statusCode).toBe(201);
    expect((await notices(a)).filter((n) => n.url?.includes(String(thread.id)))).toEqual([]);
    expect(ids(await get(`/api/forums/${forum.id}/threads?limit=50`, a))).toEqual([other.id]);
    expect((await t.inject({ method: "GET", url: `/api/threads/${thread.id}`, as: a })).statusCode).toBe(200);
    expect((await list(a)).muted[0]).toMatchObject({
      kind: "thread",
      label: thread.title,
      url: `/forums/${forum.id}/threads/${thread.id}`,
    });
    // The forum: nothing from any of its threads; it leaves the directory but opens by address.
    expect((await mute(a, "forum", forum.id)).statusCode).toBe(200);
    expect((await reply(b, other.id)).statusCode).toBe(201);
    expect((await notices(a)).filter((n) => n.url?.includes(`/forums/${forum.id}`))).toEqual([]);
    expect(ids(await get("/api/forums?limit=100", a))).not.toContain(forum.id);
    expect((await t.inject({ method: "GET", url: `/api/forums/${forum.id}`, as: a })).statusCode).toBe(200);
    await unmute(a, "forum", forum.id);
    await unmute(a, "thread", thread.id);
    expect((await reply(b, thread.id)).statusCode).toBe(201);
    expect((await notices(a)).some((n) => n.url?.includes(String(thread.id)))).toBe(true);
  });

  it("refuses bad input: unknown kind, bad targets, oneself, unknown things, visitors", async () => {
    const a = await t.register();
    for (const [kind, target] of [
      ["planet", "1"],
      ["member", "abc"],
      ["thread", "0"],
      ["forum", "-3"],
      ["hashtag", "has space"],
      ["hashtag", ""],
    ]) {
      const res = await mute(a, kind!, target!);
      expect(res.statusCode, `${kind} ${target}`).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    const self = await mute(a, "member", a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: "mute_self", message: BLOCK_MESSAGES.muteSelf });
    expect((await mute(a, "member", 999_999)).statusCode).toBe(404);
    expect((await mute(a, "thread", 999_999)).statusCode).toBe(404);
    expect((await mute(a, "forum", 999_999)).statusCode).toBe(404);
    expect((await unmute(a, "planet", "1")).statusCode).toBe(400);
    expect(
      (await t.inject({ method: "POST", url: "/api/mutes", payload: { kind: "hashtag", target: "x" } }))
        .statusCode,
    ).toBe(401);
  });

  it("another member cannot undo a mute", async () => {
    const a = await t.register();
    const b = await t.register();
    await mute(a, "hashtag", "keepme");
    expect((await unmute(b, "hashtag", "keepme")).statusCode).toBe(200);
    expect((await list(a)).muted.map((m: { target: string }) => m.target)).toEqual(["keepme"]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_MESSAGES } from "../../../common/saved";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Json = Record<string, unknown> & { id: number };
interface Entry {
  kind: string;
  id: number;
  title: string;
  url: string;
  author: { username: string } | null;
  cursor: number;
}

let seq = 0;
async function created(url: string, as: TestMember, payload: Record<string, unknown>): Promise<Json> {
  const res = await t.inject({ method: "POST", url, as, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}
const newPost = (as: TestMember, extra: Record<string, unknown> = {}) =>
  created("/api/posts", as, { content: `Saved notes number ${++seq} ${randomTag(8)}`, ...extra });
const newForum = (as: TestMember) =>
  created("/api/forums", as, {
    name: `Saved forum ${randomTag(6)}`,
    description: "A forum to test saving.",
    aiModel: "claude",
  });
const newThread = (as: TestMember, forumId: number) =>
  created(`/api/forums/${forumId}/threads`, as, {
    title: `Thread ${randomTag(6)}`,
    content: `Thread body number ${++seq} ${randomTag(6)}`,
  });
const newPrompt = (as: TestMember) =>
  created("/api/prompts", as, {
    title: `Prompt ${randomTag(4)}`,
    content: `Explain saving to a curious reader in five sentences (variant ${++seq}).`,
    description: "About saving",
    category: "education",
    aiModel: "any",
    difficulty: "beginner",
    tags: ["explain"],
  });

const save = (as: TestMember | undefined, kind: string, id: number | string, saved: unknown = true) =>
  t.inject({ method: "POST", url: `/api/saved/${kind}/${id}`, as, payload: { saved } });
async function list(
  as: TestMember,
  kind: string,
  query = "",
): Promise<{ items: Entry[]; nextCursor: number | null }> {
  const res = await t.inject({ method: "GET", url: `/api/saved/${kind}${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (page: { items: Entry[] }) => page.items.map((i) => i.id);

describe("saved posts, threads and prompts", () => {
  it("saves each kind idempotently and lists it in its tab, newest saved first, with its address", async () => {
    const author = await t.register();
    const me = await t.register();
    const p1 = await newPost(author);
    const p2 = await newPost(author);
    const forum = await newForum(author);
    const thread = await newThread(author, forum.id);
    const prompt = await newPrompt(author);

    expect((await save(me, "posts", p1.id)).json()).toEqual({ saved: true });
    expect((await save(me, "posts", p2.id)).statusCode).toBe(200);
    // Saving again changes nothing (no duplicate, order kept); at once, too (the unique index).
    const again = await Promise.all([save(me, "posts", p1.id), save(me, "posts", p1.id)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await save(me, "threads", thread.id)).statusCode).toBe(200);
    expect((await save(me, "prompts", prompt.id)).statusCode).toBe(200);

    const posts = await list(me, "posts");
    expect(ids(posts)).toEqual([p2.id, p1.id]);
    expect(posts.items[0]).toMatchObject({
      kind: "posts",
      url: `/post/${p2.id}`,
      author: { username: author.username },
    });
    const threads = await list(me, "threads");
    expect(threads.items).toMatchObject([
      { id: thread.id, title: thread.title, url: `/forums/${forum.id}/threads/${thread.id}` },
    ]);
    const prompts = await list(me, "prompts");
    expect(prompts.items).toMatchObject([{ id: prompt.id, url: `/prompts?prompt=${prompt.id}` }]);

    const which = await t.inject({
      method: "GET",
      url: `/api/saved/posts/which?ids=${p1.id},${p2.id},${thread.id + 100000}`,
      as: me,
    });
    expect(which.json().ids.sort()).toEqual([p1.id, p2.id].sort());

    // Unsaving is idempotent too.
    expect((await save(me, "posts", p1.id, false)).json()).toEqual({ saved: false });
    expect((await save(me, "posts", p1.id, false)).json()).toEqual({ saved: false });
    expect(ids(await list(me, "posts"))).toEqual([p2.id]);
  });

  it("shows a Markdown post's words, not its marks, as its title and excerpt", async () => {
    const author = await t.register();
    const me = await t.register();
    const tag = randomTag(6);
    const post = await newPost(author, {
      content: `Notes on **Claude** ${tag}\n\n- uses \`tools\`\n- see [the docs](https://example.com)`,
    });
    expect((await save(me, "posts", post.id)).statusCode).toBe(200);
    const [item] = (await list(me, "posts")).items;
    expect(item).toMatchObject({
      title: `Notes on Claude ${tag}`,
      excerpt: `Notes on Claude ${tag} uses tools see the docs`,
    });
  });

  it("pages by keyset", async () => {
    const author = await t.register();
    const me = await t.register();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await newPost(author);
      made.push(p.id);
      await save(me, "posts", p.id);
    }
    const first = await list(me, "posts", "?limit=2");
    expect(ids(first)).toEqual([made[4], made[3]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(me, "posts", `?limit=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual([made[2], made[1]]);
    const third = await list(me, "posts", `?limit=2&cursor=${second.nextCursor}`);
    expect(ids(third)).toEqual([made[0]]);
    expect(third.nextCursor).toBeNull();
  });

  it("is each member's own: another member's list is not theirs, and a visitor is refused", async () => {
    const a = await t.register();
    const b = await t.register();
    const post = await newPost(a);
    await save(a, "posts", post.id);
    expect(ids(await list(b, "posts"))).toEqual([]);
    const which = await t.inject({ method: "GET", url: `/api/saved/posts/which?ids=${post.id}`, as: b });
    expect(which.json()).toEqual({ ids: [] });
    // b unsaving does not touch a's bookmark.
    await save(b, "posts", post.id, false);
    expect(ids(await list(a, "posts"))).toEqual([post.id]);
    expect((await save(undefined, "posts", post.id)).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/saved/posts" })).statusCode).toBe(401);
  });

  it("refuses bad input with 400 and unknown or hidden items with 404", async () => {
    const me = await t.register();
    const post = await newPost(me);
    const bad = await save(me, "comments", post.id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(SAVED_MESSAGES.badKind);
    expect((await save(me, "posts", "abc")).statusCode).toBe(400);
    expect((await save(me, "posts", "0")).statusCode).toBe(400);
    expect((await save(me, "posts", post.id, "yes")).statusCode).toBe(400);
    const extra = await t.inject({
      method: "POST",
      url: `/api/saved/posts/${post.id}`,
      as: me,
      payload: { saved: true, userId: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/saved/posts?cursor=-1", as: me })).statusCode).toBe(
      400,
    );
    for (const q of ["", "?ids=", "?ids=1,a", "?ids=1;2"]) {
      const res = await t.inject({ method: "GET", url: `/api/saved/posts/which${q}`, as: me });
      expect(res.statusCode, q).toBe(400);
    }
    const huge = await t.inject({ method: "GET", url: "/api/saved/posts/which?ids=9999999999", as: me });
    expect(huge.json()).toEqual({ ids: [] });

    const missing = await save(me, "threads", 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SAVED_MESSAGES.notFound);
    await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${post.id}`);
    expect((await save(me, "posts", post.id)).statusCode).toBe(404);
  });

  it("leaves out items hidden by moderation, deleted, or by a member blocked either way", async () => {
    const author = await t.register();
    const blocked = await t.register();
    const blocker = await t.register();
    const me = await t.register();
    const hidden = await newPost(author);
    const deleted = await newPost(author);
    const byBlocked = await newPost(blocked);
    const byBlocker = await newPost(blocker);
    const kept = await newPost(author);
    for (const p of [hidden, deleted, byBlocked, byBlocker, kept]) {
      expect((await save(me, "posts", p.id)).statusCode).toBe(200);
    }
    const forum = await newForum(author);
    const thread = await newThread(blocked, forum.id);
    const hiddenThread = await newThread(author, forum.id);
    const prompt = await newPrompt(blocked);
    const hiddenPrompt = await newPrompt(author);
    await save(me, "threads", thread.id);
    await save(me, "threads", hiddenThread.id);
    await save(me, "prompts", prompt.id);
    await save(me, "prompts", hiddenPrompt.id);

    await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${hidden.id}`);
    await t.exec(`UPDATE forum_threads SET hidden_at = now() WHERE id = ${hiddenThread.id}`);
    await t.exec(`UPDATE prompts SET hidden_at = now() WHERE id = ${hiddenPrompt.id}`);
    expect(
      (await t.inject({ method: "DELETE", url: `/api/posts/${deleted.id}`, as: author })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: "PUT", url: `/api/users/${blocked.id}/block`, as: me })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: "PUT", url: `/api/users/${me.id}/block`, as: blocker })).statusCode,
    ).toBe(200);

    expect(ids(await list(me, "posts"))).toEqual([kept.id]);
    expect(ids(await list(me, "threads"))).toEqual([]);
    expect(ids(await list(me, "prompts"))).toEqual([]);
  });

  it("never reveals the author of a saved stealth post, even one by a blocked member", async () => {
    const author = await t.register();
    const me = await t.register();
    const stealth = await newPost(author, { isAnonymous: true });
    await save(me, "posts", stealth.id);
    await t.inject({ method: "PUT", url: `/api/users/${author.id}/block`, as: me });
    const page = await list(me, "posts");
    expect(page.items).toMatchObject([{ id: stealth.id, author: null }]);
    expect(JSON.stringify(page)).not.toContain(author.username);
  });
});

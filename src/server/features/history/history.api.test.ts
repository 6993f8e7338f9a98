import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HISTORY_MESSAGES } from "../../../common/history";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Json = Record<string, unknown> & { id: number };
interface Revision {
  rev: number;
  editedAt: string;
  editor: { username: string } | null;
  fields: Record<string, string>;
}
interface Page {
  items: Revision[];
  nextCursor: number | null;
}

let seq = 0;
async function created(url: string, as: TestMember, payload: Record<string, unknown>): Promise<Json> {
  const res = await t.inject({ method: "POST", url, as, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}
async function edited(url: string, as: TestMember, payload: Record<string, unknown>): Promise<Json> {
  const res = await t.inject({ method: "PUT", url, as, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}
const history = (kind: string, id: number | string, as?: TestMember, query = "") =>
  t.inject({ method: "GET", url: `/api/history/${kind}/${id}${query}`, as });
async function revisions(kind: string, id: number, as?: TestMember, query = ""): Promise<Page> {
  const res = await history(kind, id, as, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
const texts = (page: Page, field = "content") => page.items.map((r) => r.fields[field]);

const newForum = (as: TestMember) =>
  created("/api/forums", as, {
    name: `History forum ${randomTag(6)}`,
    description: "Edits.",
    aiModel: "claude",
  });
const promptBody = (content: string, title = "Prompt about edits") => ({
  title,
  content,
  description: "About editing",
  category: "education",
  aiModel: "any",
  difficulty: "beginner",
  tags: ["edits"],
});

describe("edit history", () => {
  it("keeps a post's original and each real change, newest first, and none for a no-op edit", async () => {
    const author = await t.register();
    const post = await created("/api/posts", author, { content: `The first words number ${++seq}` });
    expect((await revisions("posts", post.id)).items).toEqual([]);

    await edited(`/api/posts/${post.id}`, author, { content: `The second words number ${seq}` });
    const noop = await edited(`/api/posts/${post.id}`, author, { content: `The second words number ${seq}` });
    await edited(`/api/posts/${post.id}`, author, { content: `The third words number ${seq}` });

    const page = await revisions("posts", post.id);
    expect(page.items.map((r) => r.rev)).toEqual([3, 2, 1]);
    expect(texts(page)).toEqual([
      `The third words number ${seq}`,
      `The second words number ${seq}`,
      `The first words number ${seq}`,
    ]);
    expect(page.items.every((r) => r.editor?.username === author.username)).toBe(true);
    expect(noop.content).toBe(`The second words number ${seq}`);

    // Keyset pages on the revision number.
    const first = await revisions("posts", post.id, undefined, "?limit=2");
    expect(first.items.map((r) => r.rev)).toEqual([3, 2]);
    expect(first.nextCursor).toBe(2);
    const rest = await revisions("posts", post.id, undefined, `?limit=2&cursor=${first.nextCursor}`);
    expect(rest.items.map((r) => r.rev)).toEqual([1]);
    expect(rest.nextCursor).toBeNull();
  });

  it("never names the author of a stealth post, not even to the author", async () => {
    const author = await t.register();
    const post = await created("/api/posts", author, {
      content: `Stealth words ${++seq}`,
      isAnonymous: true,
    });
    await edited(`/api/posts/${post.id}`, author, { content: `Stealth words changed ${seq}` });
    for (const viewer of [undefined, author, await t.register()]) {
      const res = await history("posts", post.id, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(author.username);
      const page = res.json() as Page;
      expect(page.items).toHaveLength(2);
      expect(page.items.every((r) => r.editor === null)).toBe(true);
    }
  });

  it("lets only the author edit, and hides the history of a hidden item from everyone else", async () => {
    const author = await t.register();
    const other = await t.register();
    const post = await created("/api/posts", author, { content: `Guarded words ${++seq}` });
    const refused = await t.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      as: other,
      payload: { content: "Somebody else's words" },
    });
    expect(refused.statusCode).toBe(403);
    expect((await revisions("posts", post.id)).items).toEqual([]);

    await edited(`/api/posts/${post.id}`, author, { content: `Guarded words changed ${seq}` });
    await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${post.id}`);
    for (const viewer of [undefined, other]) {
      const res = await history("posts", post.id, viewer);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found", message: HISTORY_MESSAGES.notFound });
    }
    expect((await revisions("posts", post.id, author)).items).toHaveLength(2);
  });

  it("answers a bad kind or id with 400 and an unknown item with 404", async () => {
    const bad = await history("pages", 1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation_failed" });
    for (const id of ["abc", "0", "-3", "99999999999"]) {
      const res = await history("posts", id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation_failed" });
    }
    const unknown = await history("threads", 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "not_found" });
  });

  it("keeps the revisions of comments; a deleted comment's history is gone; stealth stays anonymous", async () => {
    const author = await t.register();
    const post = await created("/api/posts", author, { content: `Post for comments ${++seq}` });
    const commenter = await t.register();
    const comment = await created(`/api/posts/${post.id}/comments`, commenter, {
      content: `A first comment ${seq}`,
      isAnonymous: true,
    });
    const url = `/api/posts/${post.id}/comments/${comment.id}`;
    await edited(url, commenter, { content: `A first comment ${seq}` });
    expect((await revisions("comments", comment.id)).items).toEqual([]);
    await edited(url, commenter, { content: `A better comment ${seq}` });
    const refused = await t.inject({ method: "PUT", url, as: author, payload: { content: "Not yours" } });
    expect(refused.statusCode).toBe(403);
    const res = await history("comments", comment.id, author);
    expect(res.body).not.toContain(commenter.username);
    const page = res.json() as Page;
    expect(texts(page)).toEqual([`A better comment ${seq}`, `A first comment ${seq}`]);
    expect(page.items.every((r) => r.editor === null)).toBe(true);

    expect((await t.inject({ method: "DELETE", url, as: commenter })).statusCode).toBe(200);
    expect((await history("comments", comment.id)).statusCode).toBe(404);
  });

  it("keeps the title and text of threads and the text of replies", async () => {
    const author = await t.register();
    const forum = await newForum(author);
    const thread = await created(`/api/forums/${forum.id}/threads`, author, {
      title: `Thread title ${++seq}`,
      content: `Thread body ${seq} ${randomTag(6)}`,
    });
    await edited(`/api/threads/${thread.id}`, author, { title: `Thread title ${seq}` });
    expect((await revisions("threads", thread.id)).items).toEqual([]);
    await edited(`/api/threads/${thread.id}`, author, { title: `Better thread title ${seq}` });
    const page = await revisions("threads", thread.id);
    expect(texts(page, "title")).toEqual([`Better thread title ${seq}`, `Thread title ${seq}`]);
    expect(page.items[0]?.fields.content).toBe(thread.content);
    expect(page.items[0]?.editor).toEqual({ username: author.username });

    const replier = await t.register();
    const reply = await created(`/api/threads/${thread.id}/replies`, replier, { content: `A reply ${seq}` });
    const url = `/api/threads/${thread.id}/replies/${reply.id}`;
    const other = await t.register();
    expect(
      (await t.inject({ method: "PUT", url, as: other, payload: { content: "Not mine" } })).statusCode,
    ).toBe(403);
    await edited(url, replier, { content: `A kinder reply ${seq}` });
    expect(texts(await revisions("replies", reply.id))).toEqual([`A kinder reply ${seq}`, `A reply ${seq}`]);

    // A lone UTF-16 surrogate (valid JSON, refused by PostgreSQL's jsonb) is kept as the text
    // column keeps it, U+FFFD: the edit succeeds and its revision is kept.
    const lone = await t.inject({
      method: "PUT",
      url: `/api/threads/${thread.id}`,
      as: author,
      headers: { "content-type": "application/json" },
      payload: `{"content":"\\ud800 lone ${seq}"}`,
    });
    expect(lone.statusCode, lone.body).toBe(200);
    expect((await revisions("threads", thread.id)).items[0]?.fields.content).toBe(`\uFFFD lone ${seq}`);

    await t.exec(`UPDATE forum_threads SET hidden_at = now() WHERE id = ${thread.id}`);
    expect((await history("replies", reply.id, other)).statusCode).toBe(404);
    expect((await history("threads", thread.id, other)).statusCode).toBe(404);
  });

  it("keeps a prompt's text fields and marks it edited only when they change", async () => {
    const author = await t.register();
    const prompt = await created(
      "/api/prompts",
      author,
      promptBody(`Explain edits in five sentences ${++seq}.`),
    );
    expect(prompt.editedAt).toBeNull();
    const same = await edited(`/api/prompts/${prompt.id}`, author, {
      ...promptBody(`Explain edits in five sentences ${seq}.`),
      difficulty: "advanced",
    });
    expect(same.editedAt).toBeNull();
    expect((await revisions("prompts", prompt.id)).items).toEqual([]);
    const changed = await edited(
      `/api/prompts/${prompt.id}`,
      author,
      promptBody(`Explain edits in three sentences ${seq}.`, "Prompt about revisions"),
    );
    expect(changed.editedAt).toEqual(expect.any(String));
    const page = await revisions("prompts", prompt.id);
    expect(page.items.map((r) => r.fields.title)).toEqual(["Prompt about revisions", "Prompt about edits"]);
    expect(page.items[1]?.fields.description).toBe("About editing");
  });

  it("keeps a replaced model review as a revision of the new one", async () => {
    await t.seed();
    const [model] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`SELECT id FROM ai_models ORDER BY id LIMIT 1`,
    );
    const member = await t.register();
    const rate = (body: Record<string, unknown>) =>
      t.inject({ method: "POST", url: `/api/ai-models/${model!.id}/rate`, as: member, payload: body });
    // The reviews list marks a review "edited" once it has an earlier version, with the edit's time.
    const [found] = await queryRows<{ slug: string }>(
      t.ctx.db,
      sql`SELECT slug FROM ai_models WHERE id = ${model!.id}`,
    );
    const editedAtOfOwn = async () => {
      const res = await t.inject({
        method: "GET",
        url: `/api/ai-models/${found!.slug}/reviews?sort=newest`,
        as: member,
      });
      expect(res.statusCode).toBe(200);
      const own = (res.json() as { isOwn: boolean; editedAt: string | null }[]).find((r) => r.isOwn);
      return own?.editedAt;
    };
    expect((await rate({ rating: 3, review: "Decent at summaries but slow on code." })).statusCode).toBe(200);
    expect(await editedAtOfOwn()).toBeNull();
    expect((await rate({ rating: 3, review: "Decent at summaries but slow on code." })).statusCode).toBe(200);
    expect((await rate({ rating: 4, review: "Good at summaries, quicker on code now." })).statusCode).toBe(
      200,
    );
    expect((await rate({ rating: 5, review: "Great at summaries and quick on code." })).statusCode).toBe(200);
    const [row] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`SELECT id FROM model_ratings WHERE model_id = ${model!.id} AND user_id = ${member.id}`,
    );
    const page = await revisions("reviews", row!.id);
    expect(page.items.map((r) => r.fields.review)).toEqual([
      "Great at summaries and quick on code.",
      "Good at summaries, quicker on code now.",
      "Decent at summaries but slow on code.",
    ]);
    expect(page.items.map((r) => r.fields.rating)).toEqual(["5 of 5 stars", "4 of 5 stars", "3 of 5 stars"]);
    expect(await editedAtOfOwn()).toBe(page.items[0]?.editedAt);
  });

  it("lets a deleted item's revisions go with it", async () => {
    const author = await t.register();
    const post = await created("/api/posts", author, { content: `Words to delete ${++seq}` });
    await edited(`/api/posts/${post.id}`, author, { content: `Words to delete soon ${seq}` });
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.ctx.db,
          sql`SELECT count(*)::int AS n FROM revisions WHERE kind = 'post' AND target_id = ${post.id}`,
        )
      )[0]?.n;
    expect(await count()).toBe(2);
    expect((await t.inject({ method: "DELETE", url: `/api/posts/${post.id}`, as: author })).statusCode).toBe(
      200,
    );
    expect(await count()).toBe(0);
    expect((await history("posts", post.id)).statusCode).toBe(404);
  });
});

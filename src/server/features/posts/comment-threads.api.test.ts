import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

/** Issue 25 item 16: feed comments can be edited and answered (docs/decisions/0070). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let seq = 0;
const text = (prefix = "A thoughtful comment about models") => `${prefix} number ${++seq} ${Date.now()}`;

interface C {
  id: number;
  parentId: number | null;
  content: string;
  editedAt: string | null;
  isDeleted: boolean;
  isOwn: boolean;
  author: { id: number | null; username: string };
}

async function newPost(as: TestMember): Promise<number> {
  const res = await t.inject({ method: "POST", url: "/api/posts", payload: { content: text("A post") }, as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function comment(as: TestMember, postId: number, payload: Record<string, unknown> = {}) {
  return t.inject({
    method: "POST",
    url: `/api/posts/${postId}/comments`,
    payload: { content: text(), ...payload },
    as,
  });
}
async function newComment(as: TestMember, postId: number, payload: Record<string, unknown> = {}): Promise<C> {
  const res = await comment(as, postId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const edit = (as: TestMember | undefined, postId: number, id: number, content: unknown) =>
  t.inject({ method: "PUT", url: `/api/posts/${postId}/comments/${id}`, payload: { content }, as });
async function list(postId: number, as?: TestMember): Promise<C[]> {
  const res = await t.inject({ method: "GET", url: `/api/posts/${postId}/comments?limit=100`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function storedContent(id: number): Promise<string | undefined> {
  const [row] = await queryRows<{ content: string }>(
    t.ctx.db,
    sql`SELECT content FROM post_comments WHERE id = ${id}`,
  );
  return row?.content;
}
async function counter(postId: number): Promise<{ shown: number; rows: number }> {
  const shown = (await t.inject({ method: "GET", url: `/api/posts/${postId}` })).json().comments;
  const [row] = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`SELECT count(*)::int AS n FROM post_comments WHERE post_id = ${postId}`,
  );
  return { shown, rows: row!.n };
}
async function notes(as: TestMember) {
  const res = await t.inject({ method: "GET", url: "/api/notifications", as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    type: string;
    message: string;
    url: string | null;
    relatedUser: { id: number; username: string } | null;
  }[];
}

describe("editing a feed comment", () => {
  it("lets only the author edit, marks it edited, and leaves the row unchanged for anyone else", async () => {
    const [owner, author, other] = [await t.register(), await t.register(), await t.register()];
    const postId = await newPost(owner);
    const c = await newComment(author, postId);
    expect(c.editedAt).toBeNull();

    const changed = text("Edited: a better worded comment");
    const res = await edit(author, postId, c.id, changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, content: changed, isOwn: true, author: { id: author.id } });
    expect(res.json().editedAt).not.toBeNull();
    const [seen] = await list(postId);
    expect(seen).toMatchObject({ id: c.id, content: changed, isOwn: false });
    expect(seen!.editedAt).toBe(res.json().editedAt);

    // Another member, the post's owner included: 403 and nothing changes.
    for (const intruder of [other, owner]) {
      const denied = await edit(intruder, postId, c.id, "Hijacked by someone else entirely");
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe("You can only edit your own comments");
    }
    expect((await edit(undefined, postId, c.id, "Signed out edit attempt here")).statusCode).toBe(401);
    // The wrong post, or no such comment: 404.
    expect((await edit(author, postId + 1000, c.id, "Moved to another post")).statusCode).toBe(404);
    expect((await edit(author, postId, 2_000_000, "No such comment here")).statusCode).toBe(404);
    expect(await storedContent(c.id)).toBe(changed);
  });

  it("applies the same validation and moderation as a new comment", async () => {
    const [owner, author] = [await t.register(), await t.register()];
    const postId = await newPost(owner);
    const c = await newComment(author, postId);
    const empty = await edit(author, postId, c.id, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Comment cannot be empty");
    const short = await edit(author, postId, c.id, "ok");
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toContain("too short");
    const rude = await edit(author, postId, c.id, "What a load of shit this model is");
    expect(rude.statusCode).toBe(422);
    expect(rude.json().message).toContain("prohibited");
    expect(
      (
        await t.inject({
          method: "PUT",
          url: `/api/posts/${postId}/comments/${c.id}`,
          payload: { content: text(), isAnonymous: true },
          as: author,
        })
      ).statusCode,
    ).toBe(400);
    expect(await storedContent(c.id)).toBe(c.content);
  });

  it("keeps a stealth comment anonymous after an edit", async () => {
    const [owner, author] = [await t.register(), await t.register()];
    const postId = await newPost(owner);
    const c = await newComment(author, postId, { isAnonymous: true });
    const res = await edit(author, postId, c.id, text("Edited in stealth"));
    expect(res.statusCode, res.body).toBe(200);
    const [seen] = await list(postId, owner);
    expect(seen).toMatchObject({ isAnonymous: true, author: { id: null, username: "Anonymous" } });
    expect(JSON.stringify(seen)).not.toContain(author.username);
  });
});

describe("replying to a feed comment", () => {
  it("nests one level, is visible to visitors, and notifies the parent's author", async () => {
    const [owner, parentAuthor, replier] = [await t.register(), await t.register(), await t.register()];
    const postId = await newPost(owner);
    const parent = await newComment(parentAuthor, postId);
    const reply = await newComment(replier, postId, { parentId: parent.id });
    expect(reply.parentId).toBe(parent.id);
    // Replying to a reply joins the same thread (one level).
    const nested = await newComment(parentAuthor, postId, { parentId: reply.id });
    expect(nested.parentId).toBe(parent.id);

    const visitor = await list(postId);
    expect(visitor.map((c) => [c.id, c.parentId])).toEqual([
      [parent.id, null],
      [reply.id, parent.id],
      [nested.id, parent.id],
    ]);
    expect(await counter(postId)).toEqual({ shown: 3, rows: 3 });

    const note = (await notes(parentAuthor)).find((n) => n.message.includes("replied to your comment"));
    expect(note).toMatchObject({ type: "reply", url: `/post/${postId}`, relatedUser: { id: replier.id } });
    // Answering a reply notifies that reply's author.
    expect((await notes(replier)).filter((n) => n.message.includes("replied to your comment"))).toHaveLength(
      1,
    );
  });

  it("refuses a parent of another post, a missing one, and a bad id", async () => {
    const [owner, m] = [await t.register(), await t.register()];
    const [p1, p2] = [await newPost(owner), await newPost(owner)];
    const elsewhere = await newComment(m, p2);
    const res = await comment(m, p1, { parentId: elsewhere.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The comment you are replying to was not found");
    expect((await comment(m, p1, { parentId: 2_000_000 })).statusCode).toBe(404);
    expect((await comment(m, p1, { parentId: "one" })).statusCode).toBe(400);
    expect(await counter(p1)).toEqual({ shown: 0, rows: 0 });
  });

  it("keeps a stealth reply anonymous, in the list and in the notification", async () => {
    const [owner, parentAuthor, replier] = [await t.register(), await t.register(), await t.register()];
    const postId = await newPost(owner);
    const parent = await newComment(parentAuthor, postId);
    await newComment(replier, postId, { parentId: parent.id, isAnonymous: true });
    const seen = await list(postId, parentAuthor);
    expect(seen[1]).toMatchObject({ parentId: parent.id, author: { id: null, username: "Anonymous" } });
    const note = (await notes(parentAuthor)).find((n) => n.message.includes("replied to your comment"));
    expect(note).toBeDefined();
    expect(note!.relatedUser).toBeNull();
    expect(JSON.stringify(note)).not.toContain(replier.username);
  });

  it("hides a reply moderated by reports, and the replies of a moderated comment", async () => {
    const [owner, a, b] = [await t.register(), await t.register(), await t.register()];
    const reporters = await Promise.all([t.register(), t.register(), t.register()]);
    const postId = await newPost(owner);
    const kept = await newComment(a, postId);
    const badReply = await newComment(b, postId, { parentId: kept.id });
    const goodReply = await newComment(owner, postId, { parentId: kept.id });
    for (const r of reporters) {
      const res = await t.inject({
        method: "POST",
        url: "/api/reports",
        payload: { targetType: "comment", targetId: badReply.id, reason: "harassment" },
        as: r,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    expect((await list(postId)).map((c) => c.id)).toEqual([kept.id, goodReply.id]);
    // Replying to a moderated comment is refused; a moderated parent takes its replies with it.
    expect((await comment(a, postId, { parentId: badReply.id })).statusCode).toBe(404);
    await t.exec(`UPDATE post_comments SET hidden_at = now() WHERE id = ${kept.id}`);
    expect(await list(postId)).toEqual([]);
  });
});

describe("deleting a comment that has replies", () => {
  it("leaves a [deleted] placeholder that keeps the thread, removed with its last reply", async () => {
    const [owner, a, b] = [await t.register(), await t.register(), await t.register()];
    const postId = await newPost(owner);
    const parent = await newComment(a, postId);
    const reply = await newComment(b, postId, { parentId: parent.id });

    const del = await t.inject({
      method: "DELETE",
      url: `/api/posts/${postId}/comments/${parent.id}`,
      as: a,
    });
    expect(del.statusCode, del.body).toBe(200);
    const after = await list(postId, a);
    expect(after[0]).toMatchObject({
      id: parent.id,
      content: "[deleted]",
      isDeleted: true,
      isOwn: false,
      author: { id: null, username: "Anonymous" },
    });
    expect(JSON.stringify(after[0])).not.toContain(a.username);
    expect(after[1]).toMatchObject({ id: reply.id, parentId: parent.id, content: reply.content });
    expect(await storedContent(parent.id)).toBe("");
    // The placeholder cannot be edited, deleted again or answered.
    expect((await edit(a, postId, parent.id, "Bringing it back to life")).statusCode).toBe(404);
    expect(
      (await t.inject({ method: "DELETE", url: `/api/posts/${postId}/comments/${parent.id}`, as: a }))
        .statusCode,
    ).toBe(404);
    expect((await comment(owner, postId, { parentId: parent.id })).statusCode).toBe(404);
    expect(await counter(postId)).toEqual({ shown: 2, rows: 2 });

    const last = await t.inject({
      method: "DELETE",
      url: `/api/posts/${postId}/comments/${reply.id}`,
      as: b,
    });
    expect(last.statusCode).toBe(200);
    expect(await list(postId)).toEqual([]);
    expect(await counter(postId)).toEqual({ shown: 0, rows: 0 });
  });
});

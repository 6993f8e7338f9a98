import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNREAD_TTL_MS } from "../features/notifications/unread-cache";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../test/harness";

/**
 * Members' own answers kept for them (decision 0137): the Following tab and the notifications
 * list are answered from memory until something they show changes, and never to anyone else.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Post = { id: number; likes: number; isLiked: boolean; content: string };
type Note = { id: number; type: string; isRead: boolean };

async function read<T>(url: string, as: TestMember): Promise<{ body: T; hit: boolean }> {
  const res = await t.inject({ method: "GET", url, as });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return { body: res.json() as T, hit: res.headers["x-member-cache"] === "hit" };
}
const following = (as: TestMember) => read<Post[]>("/api/posts?limit=20&tab=following", as);
const notes = (as: TestMember) => read<Note[]>("/api/notifications?limit=20", as);

async function post(as: TestMember, content = `Kept note ${randomTag(8)}`): Promise<number> {
  const res = await t.inject({ method: "POST", url: "/api/posts", as, payload: { content } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}
async function write(method: "POST" | "PUT" | "DELETE", url: string, as: TestMember, payload?: object) {
  const res = await t.inject({ method, url, as, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: number };
}

describe("a member's Following tab kept for them", () => {
  it("is answered from memory until a followed member posts or a shown post changes, and only to its member", async () => {
    const [reader, author, stranger, fan] = [
      await t.register(),
      await t.register(),
      await t.register(),
      await t.register(),
    ];
    await write("POST", `/api/users/${author.id}/follow`, reader);
    const first = await post(author);

    const miss = await following(reader);
    expect(miss.hit).toBe(false);
    expect(miss.body.map((p) => p.id)).toEqual([first]);
    const again = await following(reader);
    expect(again).toEqual({ body: miss.body, hit: true });

    // Another member asking the same address gets their own page, never the reader's.
    const theirs = await following(fan);
    expect(theirs).toEqual({ body: [], hit: false });

    // A member the reader does not follow posts: the reader's page stays kept.
    await post(stranger);
    expect((await following(reader)).hit).toBe(true);

    // Someone likes the shown post: its count is current at once.
    await write("POST", `/api/posts/${first}/like`, fan);
    const liked = await following(reader);
    expect(liked.hit).toBe(false);
    expect(liked.body[0]).toMatchObject({ id: first, likes: 1, isLiked: false });
    expect((await following(reader)).hit).toBe(true);

    // The reader's own like shows as theirs.
    await write("POST", `/api/posts/${first}/like`, reader);
    expect((await following(reader)).body[0]).toMatchObject({ id: first, likes: 2, isLiked: true });

    // The followed member posts again, then edits: the page follows each step.
    const second = await post(author);
    expect((await following(reader)).body.map((p) => p.id)).toEqual([second, first]);
    await write("PUT", `/api/posts/${second}`, author, { content: "Edited, still kept right" });
    expect((await following(reader)).body[0]).toMatchObject({
      id: second,
      content: "Edited, still kept right",
    });

    // Deleted, then unfollowed: gone.
    await write("DELETE", `/api/posts/${second}`, author);
    expect((await following(reader)).body.map((p) => p.id)).toEqual([first]);
    await write("DELETE", `/api/users/${author.id}/follow`, reader);
    expect((await following(reader)).body).toEqual([]);
  });

  it("keeps a page compressed as its member took it, and answers each request as it takes it", async () => {
    const [reader, author] = [await t.register(), await t.register()];
    await write("POST", `/api/users/${author.id}/follow`, reader);
    const text =
      "I compared three assistants on a week of real support tickets, summarising each thread, drafting a reply and flagging refunds. The first kept the tone right but missed dates; the second was terse yet exact; the third invented a policy twice, which matters more than speed when customers read every line.";
    for (let i = 0; i < 3; i++) await post(author, `Note ${i} ${randomTag(8)}: ${text}`);
    const url = "/api/posts?limit=20&tab=following";
    const ask = (encoding: string) =>
      t.inject({ method: "GET", url, as: reader, headers: { "accept-encoding": encoding } });
    const answer = (res: Awaited<ReturnType<typeof ask>>) => {
      const coding = res.headers["content-encoding"];
      const raw = res.rawPayload;
      return JSON.parse(
        (coding === "br" ? brotliDecompressSync(raw) : coding === "gzip" ? gunzipSync(raw) : raw).toString(
          "utf8",
        ),
      ) as Post[];
    };
    // Compressed once as the first request took it, sent so and kept so.
    const miss = await ask("gzip, deflate, br");
    expect([miss.headers["x-member-cache"], miss.headers["content-encoding"]]).toEqual([undefined, "br"]);
    const page = answer(miss);
    expect(page).toHaveLength(3);
    const again = await ask("br");
    expect([again.headers["x-member-cache"], again.headers["content-encoding"]]).toEqual(["hit", "br"]);
    expect(answer(again)).toEqual(page);
    // A request that takes only another coding, or none, gets the same answer as it takes it.
    const zipped = await ask("gzip");
    expect([zipped.headers["x-member-cache"], zipped.headers["content-encoding"]]).toEqual(["hit", "gzip"]);
    expect(answer(zipped)).toEqual(page);
    const plain = await ask("identity");
    expect([plain.headers["x-member-cache"], plain.headers["content-encoding"]]).toEqual(["hit", undefined]);
    expect(plain.json()).toEqual(page);
  });

  it("is kept for a member who follows a hashtag and a model until a post carries one of them", async () => {
    const [reader, author] = [await t.register(), await t.register()];
    const tag = `kept${randomTag(6)}`;
    await write("PUT", `/api/follows/topics/hashtag/${tag}`, reader);
    await write("PUT", "/api/follows/topics/model/perplexity", reader);
    await following(reader);
    expect(await following(reader)).toEqual({ body: [], hit: true });
    // A post with neither: still kept.
    const plain = await post(author);
    expect((await following(reader)).hit).toBe(true);
    // The hashtag in a new post (a stealth one too: it stays anonymous), then added by an edit.
    const tagged = await write("POST", "/api/posts", author, {
      content: `On #${tag} today`,
      isAnonymous: true,
    });
    expect((await following(reader)).body.map((p) => p.id)).toEqual([tagged.id]);
    expect((await following(reader)).hit).toBe(true);
    await write("PUT", `/api/posts/${plain}`, author, { content: `Now about #${tag.toUpperCase()} too` });
    expect((await following(reader)).body.map((p) => p.id)).toEqual([tagged.id, plain]);
    // The model followed, in a new post.
    const review = await write("POST", "/api/posts", author, {
      content: "Its citations held up",
      aiModel: "perplexity",
    });
    expect((await following(reader)).body.map((p) => p.id)).toEqual([review.id, tagged.id, plain]);
  });
});

describe("a member's notifications kept for them", () => {
  it("is answered from memory until their notices change", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    const id = await post(owner);
    expect((await notes(owner)).body).toEqual([]);
    expect((await notes(owner)).hit).toBe(true);

    await write("POST", `/api/posts/${id}/like`, fan);
    const after = await notes(owner);
    expect(after.hit).toBe(false);
    expect(after.body.map((n) => [n.type, n.isRead])).toEqual([["like", false]]);
    expect((await notes(owner)).hit).toBe(true);
    // The fan's own list is theirs.
    expect((await notes(fan)).body).toEqual([]);

    await write("PUT", "/api/notifications/read-all", owner);
    expect((await notes(owner)).body.map((n) => n.isRead)).toEqual([true]);
  });

  it("keeps the first page only: a page after a cursor is read afresh each time (decision 0154)", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    const id = await post(owner);
    await write("POST", `/api/posts/${id}/like`, fan);
    await write("POST", `/api/users/${owner.id}/follow`, fan);
    const first = await notes(owner);
    expect(first.body.map((n) => n.type)).toEqual(["follow", "like"]);
    const cursor = first.body[0]!.id;
    const older = () => read<Note[]>(`/api/notifications?limit=20&cursor=${cursor}`, owner);
    expect(await older()).toEqual({ body: [first.body[1]], hit: false });
    expect(await older()).toEqual({ body: [first.body[1]], hit: false });
    // The first page stays kept beside them.
    expect(await notes(owner)).toEqual({ body: first.body, hit: true });
  });

  it("keeps the unread count too, no longer than the unread cache keeps a count", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    const count = () => read<{ count: number }>("/api/notifications/unread-count", owner);
    const id = await post(owner);
    expect(await count()).toEqual({ body: { count: 0 }, hit: false });
    expect(await count()).toEqual({ body: { count: 0 }, hit: true });
    await write("POST", `/api/posts/${id}/like`, fan);
    expect(await count()).toEqual({ body: { count: 1 }, hit: false });
    expect((await count()).hit).toBe(true);
    await write("PUT", "/api/notifications/read-all", owner);
    expect((await count()).body).toEqual({ count: 0 });
    // Past the unread cache's time to live, counted again.
    expect((await count()).hit).toBe(true);
    t.setNow(new Date(Date.now() + UNREAD_TTL_MS + 1_000));
    try {
      expect((await count()).hit).toBe(false);
    } finally {
      t.setNow(undefined);
    }
  });

  it("forgets a member's list when their notices change elsewhere (an announcement from another instance)", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    await write("POST", `/api/users/${owner.id}/follow`, fan);
    expect((await notes(owner)).body.map((n) => [n.type, n.isRead])).toEqual([["follow", false]]);
    expect((await notes(owner)).hit).toBe(true);
    // Read behind this instance's back: kept, the list still says unread...
    await t.ctx.database.exec(`UPDATE notifications SET is_read = true WHERE user_id = ${owner.id}`);
    expect((await notes(owner)).body.map((n) => n.isRead)).toEqual([false]);
    // ...until the change is announced, as another instance announces its members' notices.
    const { getPubSub } = await import("./pubsub");
    await getPubSub(t.ctx).publish(`notifications:${owner.id}`, {});
    await expect.poll(async () => (await notes(owner)).body.map((n) => n.isRead)).toEqual([true]);
  });
});

/**
 * Entity answers of the public cache (decision 0119): a visitor's post page, thread, thread
 * replies and member's posts are kept ENTITY_CACHE_TTL_MS; a write that names what it touched
 * drops exactly those answers (and every list answer), a write that names nothing drops all.
 * The clock stands still in each test, so a fresh answer can only come from a drop.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";
import { ENTITY_CACHE_TTL_MS, PUBLIC_CACHE_TTL_MS } from "./public-cache";

let t: TestApp;
let alice: TestMember;
let bob: TestMember;
let forumId: number;
const base = new Date("2026-03-02T12:00:00Z");
let seq = 0;
const text = (prefix = "Entity cache check") => `${prefix} number ${++seq} ${Date.now()}`;

const get = (url: string, as?: TestMember) => t.inject({ method: "GET", url, as });
const hit = async (url: string) => (await get(url)).headers["x-public-cache"] === "hit";

async function newPost(as: TestMember): Promise<number> {
  const res = await t.inject({ method: "POST", url: "/api/posts", payload: { content: text() }, as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function newThread(as: TestMember): Promise<number> {
  const res = await t.inject({
    method: "POST",
    url: `/api/forums/${forumId}/threads`,
    payload: { title: text("Thread"), content: text() },
    as,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  [alice, bob] = [await t.register(), await t.register()];
  forumId = (await get("/api/forums")).json()[0].id;
});
afterAll(async () => t?.close());

describe("entity answers", () => {
  it("a post page is kept beyond the list TTL and survives writes that name other entities", async () => {
    t.setNow(base);
    const [mine, other] = [await newPost(alice), await newPost(bob)];
    const url = `/api/posts/${mine}`;
    expect((await get(url)).json().likes).toBe(0);
    t.setNow(new Date(base.getTime() + ENTITY_CACHE_TTL_MS - 1));
    expect(await hit(url)).toBe(true);
    // A like on another post, a comment there, a new post: other entities.
    await t.inject({ method: "POST", url: `/api/posts/${other}/like`, as: alice });
    await t.inject({
      method: "POST",
      url: `/api/posts/${other}/comments`,
      payload: { content: text() },
      as: alice,
    });
    await newPost(bob);
    expect(await hit(url)).toBe(true);
    // A list answer is still emptied by any write.
    await get("/api/posts?limit=3");
    expect(await hit("/api/posts?limit=3")).toBe(true);
    await t.inject({ method: "POST", url: `/api/posts/${other}/like`, as: bob });
    expect(await hit("/api/posts?limit=3")).toBe(false);
    // And the TTL still ends it.
    t.setNow(new Date(base.getTime() + ENTITY_CACHE_TTL_MS + 1));
    expect(await hit(url)).toBe(false);
    t.setNow(undefined);
  });

  it("a like, a comment, an edit and a delete of the post show to the next visitor at once", async () => {
    t.setNow(base);
    const id = await newPost(alice);
    const url = `/api/posts/${id}`;
    const read = async () => (await get(url)).json();
    expect((await read()).likes).toBe(0);
    expect(await hit(url)).toBe(true);
    await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: bob });
    expect((await read()).likes).toBe(1);
    const comment = await t.inject({
      method: "POST",
      url: `${url}/comments`,
      payload: { content: text() },
      as: bob,
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await read()).comments).toBe(1);
    await t.inject({
      method: "DELETE",
      url: `${url}/comments/${comment.json().id}`,
      as: bob,
    });
    expect((await read()).comments).toBe(0);
    const edited = text("Edited");
    expect((await t.inject({ method: "PUT", url, payload: { content: edited }, as: alice })).statusCode).toBe(
      200,
    );
    expect((await read()).content).toBe(edited);
    expect((await t.inject({ method: "DELETE", url, as: alice })).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    t.setNow(undefined);
  });

  it("hiding by reports and a profile change (writes that name nothing) drop every entity answer", async () => {
    t.setNow(base);
    const id = await newPost(alice);
    const url = `/api/posts/${id}`;
    const posts = `/api/users/${alice.id}/posts`;
    await get(url);
    await get(posts);
    expect(await hit(url)).toBe(true);
    expect(await hit(posts)).toBe(true);
    const newName = `renamed${Date.now() % 1_000_000}`;
    const renamed = await t.inject({
      method: "PUT",
      url: "/api/profile",
      payload: { username: newName },
      as: alice,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    alice.username = newName;
    expect((await get(url)).json().author.username).toBe(newName);
    expect((await get(posts)).json()[0].author.username).toBe(newName);
    expect(await hit(url)).toBe(true);
    for (const reporter of [await t.register(), await t.register(), await t.register()]) {
      const res = await t.inject({
        method: "POST",
        url: "/api/reports",
        payload: { targetType: "post", targetId: id, reason: "spam" },
        as: reporter,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(posts)).json().map((p: { id: number }) => p.id)).not.toContain(id);
    t.setNow(undefined);
  });

  it("a member's posts: a new post of theirs and a like on one of them show at once", async () => {
    t.setNow(base);
    const member = await t.register();
    const first = await newPost(member);
    const url = `/api/users/${member.id}/posts`;
    expect((await get(url)).json().map((p: { id: number }) => p.id)).toEqual([first]);
    expect(await hit(url)).toBe(true);
    await newPost(alice); // somebody else's post: kept
    expect(await hit(url)).toBe(true);
    // A stealth post of theirs is not in a visitor's view of their posts: the list is kept (a
    // miss right after it would tell a watcher who wrote it).
    const stealth = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: text(), isAnonymous: true },
      as: member,
    });
    expect(stealth.statusCode, stealth.body).toBe(201);
    expect(await hit(url)).toBe(true);
    const second = await newPost(member);
    expect((await get(url)).json().map((p: { id: number }) => p.id)).toEqual([second, first]);
    await t.inject({ method: "POST", url: `/api/posts/${first}/like`, as: bob });
    expect((await get(url)).json()[1].likes).toBe(1);
    t.setNow(undefined);
  });

  it("a thread and its replies: a reply to it shows at once, a reply elsewhere keeps them", async () => {
    t.setNow(base);
    const [thread, elsewhere] = [await newThread(alice), await newThread(bob)];
    const page = `/api/threads/${thread}`;
    const replies = `/api/threads/${thread}/replies`;
    expect((await get(page)).json().replyCount).toBe(0);
    expect((await get(replies)).json()).toEqual([]);
    t.setNow(new Date(base.getTime() + 10 * PUBLIC_CACHE_TTL_MS));
    const reply = (id: number) =>
      t.inject({ method: "POST", url: `/api/threads/${id}/replies`, payload: { content: text() }, as: bob });
    expect((await reply(elsewhere)).statusCode).toBe(201);
    expect(await hit(page)).toBe(true);
    expect(await hit(replies)).toBe(true);
    const created = await reply(thread);
    expect(created.statusCode, created.body).toBe(201);
    expect((await get(page)).json().replyCount).toBe(1);
    expect((await get(replies)).json().map((r: { id: number }) => r.id)).toEqual([created.json().id]);
    const deleted = await t.inject({
      method: "DELETE",
      url: `/api/threads/${thread}/replies/${created.json().id}`,
      as: bob,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(replies)).json()).toEqual([]);
    t.setNow(undefined);
  });

  it("a visitor's cached post page still counts the visitor's view", async () => {
    t.setNow(base);
    const id = await newPost(alice);
    const open = (ip: string) => t.inject({ method: "GET", url: `/api/posts/${id}`, remoteAddress: ip });
    expect((await open("10.3.3.1")).json().views).toBe(1);
    const again = await open("10.3.3.2");
    expect(again.headers["x-public-cache"]).toBe("hit");
    await open("10.3.3.2");
    await t.ctx.buffers.flush();
    // Three reads by two visitors: two views written, though the second came from the cache.
    expect((await get(`/api/posts/${id}`, bob)).json().views).toBe(3);
    t.setNow(undefined);
  });

  it("stays within its bounds and says how many entity answers it holds", async () => {
    const stats = t.app.publicCache.stats();
    expect(stats.entityEntries).toBeGreaterThan(0);
    expect(stats.entries).toBeGreaterThanOrEqual(stats.entityEntries);
  });
});

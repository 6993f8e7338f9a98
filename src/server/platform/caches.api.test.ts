/**
 * The per-instance caches of signed-in reads (issue 12; docs/decisions/0040-caches-and-writes-across-instances.md):
 * the session cache and the feed rows shared by every viewer. Each test first warms the cache
 * it is about, so a change that did not reset it would be seen stale.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";
import { SESSION_CACHE_TTL_MS } from "./session";

let t: TestApp;
let clock: number;
const tick = (ms: number) => {
  clock += ms;
  t.setNow(new Date(clock));
};

beforeAll(async () => {
  t = await createTestApp();
  clock = Date.now();
  t.setNow(new Date(clock));
});
afterAll(async () => {
  await t?.close();
});

const me = (m: TestMember) => t.inject({ method: "GET", url: "/api/auth/me", as: m });
const feed = async (m?: TestMember) => {
  const res = await t.inject({ method: "GET", url: "/api/posts?limit=50", as: m });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    id: number;
    content: string;
    likes: number;
    isLiked: boolean;
    isOwn: boolean;
  }>;
};
const post = async (m: TestMember, content: string) => {
  const res = await t.inject({ method: "POST", url: "/api/posts", payload: { content }, as: m });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

describe("session cache", () => {
  it("a logout ends the session at once, though the session was just read", async () => {
    const m = await t.register();
    expect((await me(m)).statusCode).toBe(200);
    expect((await t.inject({ method: "POST", url: "/api/auth/logout", as: m })).statusCode).toBe(200);
    expect((await me(m)).statusCode).toBe(401);
  });

  it("a profile change shows in the member's very next request", async () => {
    const m = await t.register();
    expect((await me(m)).json().bio).toBe("");
    const res = await t.inject({
      method: "PUT",
      url: "/api/profile",
      payload: { bio: "Prompt tinkerer" },
      as: m,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(m)).json().bio).toBe("Prompt tinkerer");
  });

  it("an administrator's ban applies to the member's next request", async () => {
    const admin = await t.register();
    await t.makeAdmin(admin);
    const m = await t.register();
    expect((await me(m)).statusCode).toBe(200);
    const ban = await t.inject({
      method: "POST",
      url: `/api/admin/users/${m.id}/ban`,
      payload: { reason: "Spam" },
      as: admin,
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await me(m)).statusCode).toBe(401);
  });

  it("honours the session's expiry while it is cached", async () => {
    const m = await t.register();
    expect((await me(m)).statusCode).toBe(200);
    tick(31 * 24 * 60 * 60 * 1000);
    expect((await me(m)).statusCode).toBe(401);
  });

  it("a change no request announces applies within its time to live", async () => {
    const m = await t.register();
    expect((await me(m)).statusCode).toBe(200);
    // The session row removed behind the app's back (the admin command, another process).
    await t.ctx.database.exec(`DELETE FROM sessions WHERE user_id = ${Number(m.id)}`);
    tick(SESSION_CACHE_TTL_MS);
    expect((await me(m)).statusCode).toBe(401);
  });
});

describe("feed rows shared by every viewer", () => {
  it("each member sees their own likes and isOwn on the same page", async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const id = await post(alice, `Shared feed rows ${Date.now()}`);
    await feed(bob); // the page's rows are now shared
    const like = await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: bob });
    expect(like.json()).toMatchObject({ liked: true, likes: 1 });
    const forAlice = (await feed(alice)).find((p) => p.id === id);
    const forBob = (await feed(bob)).find((p) => p.id === id);
    const forVisitor = (await feed()).find((p) => p.id === id);
    expect(forAlice).toMatchObject({ likes: 1, isLiked: false, isOwn: true });
    expect(forBob).toMatchObject({ likes: 1, isLiked: true, isOwn: false });
    expect(forVisitor).toMatchObject({ likes: 1, isLiked: false, isOwn: false });
  });

  it("a new post is in every member's next read of the feed", async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    await feed(bob);
    const id = await post(alice, `Fresh post ${Date.now()}`);
    expect((await feed(bob)).map((p) => p.id)).toContain(id);
    expect((await feed(alice)).map((p) => p.id)).toContain(id);
  });

  it("a post added behind the app's back shows within the public cache's second", async () => {
    const bob = await t.register();
    await feed(bob);
    const content = `Imported post ${Date.now()}`;
    await t.ctx.database.exec(
      `INSERT INTO posts (author_id, content, tags, tag_keys) VALUES (${Number(bob.id)}, '${content}', '{}', '{}')`,
    );
    tick(1_000);
    expect((await feed(bob)).map((p) => p.content)).toContain(content);
  });
});

describe("batched reads: members' concurrent requests share statements, each gets their own answer", () => {
  it("feed likes, notifications, unread counts and sessions", async () => {
    const members = [await t.register(), await t.register(), await t.register()];
    const author = await t.register();
    const ids = [
      await post(author, `Batch one ${Date.now()}`),
      await post(author, `Batch two ${Date.now()}`),
      await post(author, `Batch three ${Date.now()}`),
    ];
    // Member i likes the first i + 1 posts; the author follows the middle member only, so the
    // members' notifications differ too.
    for (const [i, m] of members.entries()) {
      for (const id of ids.slice(0, i + 1)) {
        await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: m });
      }
      if (i % 2 === 1) await t.inject({ method: "POST", url: `/api/users/${m.id}/follow`, as: author });
    }
    t.app.resetCaches(); // sessions are looked up again, together
    const [feeds, mes] = await Promise.all([
      Promise.all(members.map((m) => feed(m))),
      Promise.all(members.map((m) => me(m))),
    ]);
    for (const [i, page] of feeds.entries()) {
      const liked = page.filter((p) => ids.includes(p.id) && p.isLiked).map((p) => p.id);
      expect(liked.sort()).toEqual(ids.slice(0, i + 1).sort());
    }
    expect(mes.map((r) => r.json().username)).toEqual(members.map((m) => m.username));
    const [lists, counts] = await Promise.all([
      Promise.all(members.map((m) => t.inject({ method: "GET", url: "/api/notifications", as: m }))),
      Promise.all(
        members.map((m) => t.inject({ method: "GET", url: "/api/notifications/unread-count", as: m })),
      ),
    ]);
    expect(lists.map((r) => (r.json() as unknown[]).length)).toEqual([0, 1, 0]);
    expect(counts.map((r) => r.json().count)).toEqual([0, 1, 0]);
    expect(lists[1]!.json()[0]).toMatchObject({
      type: "follow",
      isRead: false,
      relatedUser: { id: author.id },
    });
  });
});

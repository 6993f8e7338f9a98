import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Creator, Explore } from "../../../common/trending";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
});
afterAll(async () => t?.close());

const follow = async (as: TestMember, id: number) => {
  const res = await t.inject({ method: "POST", url: `/api/users/${id}/follow`, as });
  expect(res.statusCode, res.body).toBe(200);
};
const like = async (as: TestMember, postId: number) => {
  const res = await t.inject({ method: "POST", url: `/api/posts/${postId}/like`, as });
  expect(res.statusCode, res.body).toBe(200);
};
const newPost = async (as: TestMember, content: string, isAnonymous = false) => {
  const res = await t.inject({ method: "POST", url: "/api/posts", as, payload: { content, isAnonymous } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const creators = async (query = "", as?: TestMember): Promise<Creator[]> => {
  const res = await t.inject({ method: "GET", url: `/api/creators${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("creators directory", () => {
  let a: TestMember;
  let b: TestMember;
  let c: TestMember;
  let d: TestMember;

  beforeAll(async () => {
    a = await t.register({ generation: "genz" });
    b = await t.register({ generation: "genz" });
    c = await t.register({ generation: "boomer" });
    d = await t.register({ generation: "genx" });
    // a: 2 followers; b: 2 followers and 2 likes; c: 1 follower, and likes on an anonymous post only.
    await follow(c, a.id);
    await follow(d, a.id);
    await follow(a, b.id);
    await follow(d, b.id);
    await follow(a, c.id);
    const bPost = await newPost(b, "Sharing my favourite prompt ideas");
    await like(a, bPost);
    await like(c, bPost);
    const cAnon = await newPost(c, "A quiet anonymous thought", true);
    await like(a, cAnon);
    await like(b, cAnon);
  });

  it("ranks members by followers, then likes received on public posts", async () => {
    const list = await creators("", a);
    const mine = list.filter((x) => [a.id, b.id, c.id, d.id].includes(x.id));
    expect(mine.map((x) => [x.username, x.followersCount, x.likesReceived])).toEqual([
      [b.username, 2, 2],
      [a.username, 2, 0],
      [c.username, 1, 0],
      [d.username, 0, 0],
    ]);
    expect(mine.find((x) => x.id === b.id)).toMatchObject({ isFollowing: true, isSelf: false });
    expect(mine.find((x) => x.id === a.id)).toMatchObject({ isSelf: true });
    expect(mine.find((x) => x.id === d.id)).toMatchObject({ isFollowing: false });
    // The system account of the starter prompts is not a creator.
    expect(list.map((x) => x.username)).not.toContain("agora_team");
  });

  it("filters by generation and refuses an unknown one", async () => {
    expect((await creators("?generation=genz")).map((x) => x.username)).toEqual([b.username, a.username]);
    expect((await creators("?generation=boomer")).map((x) => x.username)).toEqual([c.username]);
    const bad = await t.inject({ method: "GET", url: "/api/creators?generation=alpha" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("generation must be one of genz, millennial, genx, boomer");
    expect((await t.inject({ method: "GET", url: "/api/creators?limit=101" })).statusCode).toBe(400);
  });

  it("pages with limit and cursor (the last id seen) without gaps or repeats", async () => {
    const all = await creators("?limit=100");
    const paged: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const page = await creators(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      paged.push(...page.map((x) => x.id));
      if (page.length < 2) break;
      cursor = page[page.length - 1]!.id;
    }
    expect(paged).toEqual(all.map((x) => x.id));
  });

  it("keeps likes received in step with unlikes and deletions, and survives deleting a member", async () => {
    const e = await t.register();
    const f = await t.register();
    const postId = await newPost(e, "Something worth liking today");
    await like(f, postId);
    const likesOf = async (id: number) =>
      (await creators("?limit=100")).find((x) => x.id === id)?.likesReceived;
    expect(await likesOf(e.id)).toBe(1);
    await like(f, postId); // toggles off
    expect(await likesOf(e.id)).toBe(0);
    await like(f, postId);
    await t.inject({ method: "DELETE", url: `/api/posts/${postId}`, as: e });
    expect(await likesOf(e.id)).toBe(0);
    await newPost(e, "Another post to like please");
    // Deleting a member with posts and likes cascades without breaking the aggregates.
    await t.ctx.database.exec(`DELETE FROM users WHERE id = ${Number(e.id)}`);
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from creator_stats where user_id = ${e.id}`,
    );
    expect(row!.n).toBe(0);
  });
});

describe("explore", () => {
  it("mixes top models per category, active forums, popular prompts and suggestions from your network", async () => {
    const me = await t.register();
    const friend = await t.register();
    const friendOfFriend = await t.register();
    const popular = await t.register();
    const fans = await Promise.all([t.register(), t.register(), t.register()]);
    for (const fan of fans) await follow(fan, popular.id);
    await follow(me, friend.id);
    await follow(friend, friendOfFriend.id);

    const res = await t.inject({ method: "GET", url: "/api/explore", as: me });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Explore;
    expect(body.topModels.length).toBeGreaterThan(0);
    for (const group of body.topModels) {
      expect(group.models.length).toBeLessThanOrEqual(3);
      expect(group.models.length).toBeGreaterThan(0);
    }
    expect(body.activeForums.length).toBeGreaterThan(0);
    expect(body.popularPrompts.length).toBeGreaterThan(0);

    const suggested = body.suggestedMembers;
    expect(suggested[0]).toMatchObject({
      id: friendOfFriend.id,
      reason: "network",
      followedByYourFollows: 1,
    });
    expect(suggested.find((s) => s.id === popular.id)).toMatchObject({ reason: "popular" });
    // Never yourself or someone you already follow.
    expect(suggested.map((s) => s.id)).not.toContain(me.id);
    expect(suggested.map((s) => s.id)).not.toContain(friend.id);

    // Visitors get the most followed members.
    const visitor = (await t.inject({ method: "GET", url: "/api/explore" })).json() as Explore;
    expect(visitor.suggestedMembers.every((s) => s.reason === "popular")).toBe(true);
  });
});

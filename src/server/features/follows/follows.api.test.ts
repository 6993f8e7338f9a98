import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const follow = (as: TestMember, id: number) =>
  t.inject({ method: "POST", url: `/api/users/${id}/follow`, as });
const unfollow = (as: TestMember, id: number) =>
  t.inject({ method: "DELETE", url: `/api/users/${id}/follow`, as });
const status = (as: TestMember, id: number) =>
  t.inject({ method: "GET", url: `/api/users/${id}/following-status`, as });
const profile = async (id: number) => (await t.inject({ method: "GET", url: `/api/users/${id}` })).json();

describe("follow and unfollow", () => {
  it("follows, reports the status, and unfollows; both are idempotent with exact counts", async () => {
    const a = await t.register();
    const b = await t.register();
    expect((await status(a, b.id)).json()).toEqual({ isFollowing: false });

    const first = await follow(a, b.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ isFollowing: true, followersCount: 1 });
    const again = await follow(a, b.id);
    expect(again.json()).toEqual({ isFollowing: true, followersCount: 1 });
    expect((await status(a, b.id)).json()).toEqual({ isFollowing: true });
    expect((await status(b, a.id)).json()).toEqual({ isFollowing: false });
    expect(await profile(b.id)).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(await profile(a.id)).toMatchObject({ followersCount: 0, followingCount: 1 });

    const off = await unfollow(a, b.id);
    expect(off.json()).toEqual({ isFollowing: false, followersCount: 0 });
    expect((await unfollow(a, b.id)).json()).toEqual({ isFollowing: false, followersCount: 0 });
    expect(await profile(b.id)).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(await profile(a.id)).toMatchObject({ followersCount: 0, followingCount: 0 });
  });

  it("keeps counts exact under concurrent follows, unfollows and mutual follows", async () => {
    const star = await t.register();
    const fans = await Promise.all(Array.from({ length: 8 }, () => t.register()));
    // Every fan follows three times at once, and the star follows every fan back at the same time.
    await Promise.all([
      ...fans.flatMap((f) => [follow(f, star.id), follow(f, star.id), follow(f, star.id)]),
      ...fans.map((f) => follow(star, f.id)),
    ]);
    expect(await profile(star.id)).toMatchObject({ followersCount: 8, followingCount: 8 });
    for (const f of fans) expect(await profile(f.id)).toMatchObject({ followersCount: 1, followingCount: 1 });
    await Promise.all(fans.slice(0, 5).flatMap((f) => [unfollow(f, star.id), unfollow(f, star.id)]));
    expect(await profile(star.id)).toMatchObject({ followersCount: 3, followingCount: 8 });
    // The counter matches the rows.
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM follows WHERE followee_id = ${star.id}`,
    );
    expect(Number(row!.n)).toBe(3);
  });

  it("refuses following oneself (400), unknown members (404), bad ids (400) and visitors (401)", async () => {
    const a = await t.register();
    const self = await follow(a, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot follow yourself");
    expect((await unfollow(a, a.id)).statusCode).toBe(400);
    const unknown = await follow(a, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("User not found");
    expect((await unfollow(a, 999_999)).statusCode).toBe(404);
    expect((await status(a, 999_999)).statusCode).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999", "1%20OR%201=1"]) {
      const res = await t.inject({ method: "POST", url: `/api/users/${bad}/follow`, as: a });
      expect(res.statusCode, bad).toBe(400);
    }
    const visitor = await t.inject({ method: "POST", url: `/api/users/${a.id}/follow` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe("Please log in to follow users");
    expect((await t.inject({ method: "GET", url: `/api/users/${a.id}/following-status` })).statusCode).toBe(
      401,
    );
  });
});

describe("followers and following lists", () => {
  it("lists followers and followees most recent first, paginated by cursor", async () => {
    const host = await t.register();
    const fans: TestMember[] = [];
    for (let i = 0; i < 5; i++) {
      const f = await t.register();
      fans.push(f);
      t.setNow(new Date(Date.now() + i * 1000));
      await follow(f, host.id);
    }
    t.setNow(undefined);
    const page1 = await t.inject({ method: "GET", url: `/api/users/${host.id}/followers?limit=2` });
    expect(page1.statusCode).toBe(200);
    const ids1 = page1.json().map((u: { id: number }) => u.id);
    expect(ids1).toEqual([fans[4]!.id, fans[3]!.id]);
    const page2 = await t.inject({
      method: "GET",
      url: `/api/users/${host.id}/followers?limit=2&cursor=${ids1[1]}`,
    });
    expect(page2.json().map((u: { id: number }) => u.id)).toEqual([fans[2]!.id, fans[1]!.id]);
    const page3 = await t.inject({
      method: "GET",
      url: `/api/users/${host.id}/followers?limit=2&cursor=${fans[1]!.id}`,
    });
    expect(page3.json().map((u: { id: number }) => u.id)).toEqual([fans[0]!.id]);
    const item = page1.json()[0];
    expect(Object.keys(item).sort()).toEqual(
      ["avatar", "bio", "followersCount", "generation", "id", "username"].sort(),
    );
    expect(JSON.stringify(page1.json())).not.toMatch(/email|password/);

    const following = await t.inject({ method: "GET", url: `/api/users/${fans[0]!.id}/following` });
    expect(following.json().map((u: { id: number }) => u.id)).toEqual([host.id]);
    expect((await t.inject({ method: "GET", url: "/api/users/999999/followers" })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: "GET", url: `/api/users/${host.id}/followers?limit=500` })).statusCode,
    ).toBe(400);
  });
});

describe("demo follows", () => {
  it("seeds follows among demo members idempotently with counters matching the rows", async () => {
    await t.seed({ demo: true });
    await t.seed({ demo: true });
    const rows = await queryRows<{
      id: number;
      followers_count: number;
      following_count: number;
      f: number;
      g: number;
    }>(
      t.ctx.db,
      sql`SELECT u.id, u.followers_count, u.following_count,
                 (SELECT count(*)::int FROM follows WHERE followee_id = u.id) AS f,
                 (SELECT count(*)::int FROM follows WHERE follower_id = u.id) AS g
          FROM users u WHERE u.is_demo = 1`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) {
      expect(Number(r.followers_count)).toBe(Number(r.f));
      expect(Number(r.following_count)).toBe(Number(r.g));
      expect(Number(r.g)).toBeGreaterThan(0);
    }
  });
});

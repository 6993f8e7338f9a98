import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdvancedAnalytics, SiteAnalytics } from "../../../common/analytics";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t.setNow(undefined);
  await t?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Sets a plan directly, expiring relative to the test clock. */
async function setPlan(m: TestMember, tier: string, expiresInDays = 30) {
  const expires = new Date(t.ctx.now().getTime() + expiresInDays * 86_400_000).toISOString();
  await t.exec(
    `UPDATE users SET subscription_tier='${tier}', subscription_expires_at='${expires}' WHERE id=${Number(m.id)}`,
  );
}
const mine = (as: TestMember, range = "7d") =>
  t.inject({ method: "GET", url: `/api/analytics/me?range=${range}`, as });
const ts = (d: Date) => d.toISOString();

describe("personal analytics by plan", () => {
  const now = new Date("2030-06-15T15:00:00.000Z");
  let author: TestMember;
  let fans: TestMember[];
  let postId: number;
  let oldPostId: number;

  beforeAll(async () => {
    t.setNow(now);
    author = await t.register();
    fans = [await t.register({ generation: "genz" }), await t.register({ generation: "boomer" })];
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    const insert = async (created: Date, content: string) => {
      const [row] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`insert into posts (author_id, content, created_at, updated_at, likes, comments, views)
          values (${author.id}, ${content}, ${ts(created)}::timestamptz, ${ts(created)}::timestamptz, 3, 2, 5) returning id`,
      );
      return row!.id;
    };
    postId = await insert(at(2 * DAY), "A post from two days ago");
    oldPostId = await insert(at(20 * DAY), "A post from twenty days ago");
    const [f1, f2] = fans;
    await t.ctx.db.execute(sql`insert into post_likes (post_id, user_id, created_at) values
      (${postId}, ${f1!.id}, ${ts(at(1 * DAY))}::timestamptz),
      (${postId}, ${f2!.id}, ${ts(at(1 * HOUR))}::timestamptz),
      (${postId}, ${author.id}, ${ts(at(1 * HOUR))}::timestamptz),
      (${oldPostId}, ${f1!.id}, ${ts(at(10 * DAY))}::timestamptz)`);
    await t.ctx.db.execute(sql`insert into post_comments (post_id, author_id, content, created_at, is_anonymous) values
      (${postId}, ${f1!.id}, 'Nice one', ${ts(at(1 * DAY))}::timestamptz, false),
      (${postId}, ${author.id}, 'Thanks', ${ts(at(1 * DAY))}::timestamptz, false),
      (${oldPostId}, ${f2!.id}, 'Old comment', ${ts(at(12 * DAY))}::timestamptz, true)`);
    const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR) * HOUR);
    await t.ctx.db.execute(sql`insert into post_views (post_id, viewer_key, hour) values
      (${postId}, ${`u:${f1!.id}`}, ${ts(hourOf(at(1 * DAY)))}::timestamptz),
      (${postId}, 'a:visitor', ${ts(hourOf(at(1 * DAY)))}::timestamptz),
      (${postId}, ${`u:${author.id}`}, ${ts(hourOf(at(1 * DAY)))}::timestamptz),
      (${oldPostId}, 'a:visitor', ${ts(hourOf(at(9 * DAY)))}::timestamptz)`);
    await t.ctx.db.execute(sql`insert into follows (follower_id, followee_id, created_at) values
      (${f1!.id}, ${author.id}, ${ts(at(3 * DAY))}::timestamptz),
      (${f2!.id}, ${author.id}, ${ts(at(20 * DAY))}::timestamptz)`);
    await t.exec(`UPDATE users SET followers_count = 2 WHERE id = ${Number(author.id)}`);
  });

  it("gives Free members an upgrade answer instead of figures", async () => {
    const res = await mine(author);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ level: "none", plan: "free", range: "7d", upgradeUrl: "/subscription" });
  });

  it("gives Basic members totals of others' views, likes and comments over 7 or 30 days", async () => {
    await setPlan(author, "basic");
    const week = (await mine(author)).json();
    expect(week).toMatchObject({
      level: "basic",
      plan: "basic",
      range: "7d",
      from: "2030-06-09T00:00:00.000Z",
      totals: { views: 2, likes: 2, comments: 1, posts: 1 },
      previous: { views: 1, likes: 1, comments: 1, posts: 0 },
    });
    expect(week.series).toBeUndefined();
    const month = (await mine(author, "30d")).json();
    expect(month.totals).toEqual({ views: 3, likes: 3, comments: 2, posts: 2 });
  });

  it("gives Pro and Premium members charts, a per-post breakdown, follower growth and audience generations", async () => {
    for (const tier of ["pro", "premium"]) {
      await setPlan(author, tier);
      const res = await mine(author);
      expect(res.statusCode).toBe(200);
      const body = res.json() as AdvancedAnalytics;
      expect(body).toMatchObject({ level: "advanced", plan: tier });
      expect(body.series).toHaveLength(7);
      expect(body.series.map((p) => p.date)[6]).toBe("2030-06-15");
      const dayBefore = body.series.find((p) => p.date === "2030-06-14")!;
      expect(dayBefore).toMatchObject({ views: 2, likes: 1, comments: 1 });
      expect(body.series.find((p) => p.date === "2030-06-15")).toMatchObject({ likes: 1 });
      // Follower growth: f1 followed three days ago (06-12); f2 before the period.
      expect(body.followers).toEqual({ total: 2, gained: 1 });
      expect(body.series.find((p) => p.date === "2030-06-11")).toMatchObject({
        followers: 1,
        newFollowers: 0,
      });
      expect(body.series.find((p) => p.date === "2030-06-12")).toMatchObject({
        followers: 2,
        newFollowers: 1,
      });
      expect(body.posts[0]).toMatchObject({
        id: postId,
        views: 2,
        likes: 2,
        comments: 1,
        totalViews: 5,
        totalLikes: 3,
        totalComments: 2,
      });
      expect(body.audience).toEqual([
        { generation: "genz", label: "Gen Z", members: 1 },
        { generation: "millennial", label: "Millennial", members: 0 },
        { generation: "genx", label: "Gen X", members: 0 },
        { generation: "boomer", label: "Boomer", members: 1 },
      ]);
    }
    const month = (await mine(author, "30d")).json() as AdvancedAnalytics;
    expect(month.series).toHaveLength(30);
    expect(month.posts.map((p) => p.id)).toEqual([postId, oldPostId]);
  });

  it("falls back to Free when the paid period has ended, and validates the range", async () => {
    await setPlan(author, "pro", -1);
    expect((await mine(author)).json().level).toBe("none");
    const bad = await mine(author, "90d");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("range must be one of 7d, 30d");
    expect((await t.inject({ method: "GET", url: "/api/analytics/me" })).statusCode).toBe(401);
  });
});

describe("first-party usage events", () => {
  const send = (payload: unknown, as?: TestMember, headers: Record<string, string> = {}) =>
    t.inject({
      method: "POST",
      url: "/api/analytics/events",
      payload: payload as Record<string, unknown>,
      as,
      headers: { "user-agent": "vitest", ...headers },
    });

  it("validates events and never sets a cookie", async () => {
    t.setNow(new Date("2030-11-01T10:00:00.000Z"));
    for (const bad of [
      { type: "click", path: "/" },
      { type: "pageview" },
      { type: "pageview", path: "trending" },
      { type: "pageview", path: "https://evil.example/" },
      { type: "pageview", path: "/", userId: 3 },
      { type: "pageview", path: "/", referrer: 5 },
    ]) {
      const res = await send(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const ok = await send({
      type: "pageview",
      path: "/trending?ref=x",
      referrer: "https://news.example.org/a",
    });
    expect(ok.statusCode).toBe(202);
    expect(ok.json()).toEqual({ recorded: true });
    expect(ok.headers["set-cookie"]).toBeUndefined();
    // identify needs a session
    expect((await send({ type: "identify", path: "/" })).statusCode).toBe(401);
  });

  it("aggregates page views, visitors and active members per day for the admin dashboard", async () => {
    t.setNow(new Date("2031-02-01T10:00:00.000Z"));
    const member = await t.register();
    const admin = await t.register();
    await t.makeAdmin(admin);
    await send({ type: "pageview", path: "/trending" });
    await send({ type: "pageview", path: "/trending/" }, undefined, { "user-agent": "other browser" });
    await send({ type: "pageview", path: "/explore" }, member);
    expect((await send({ type: "identify", path: "/explore" }, member)).statusCode).toBe(202);
    t.setNow(new Date("2031-02-02T10:00:00.000Z"));
    await send({ type: "pageview", path: "/trending" }, member);

    expect((await t.inject({ method: "GET", url: "/api/admin/analytics", as: member })).statusCode).toBe(403);
    expect((await t.inject({ method: "GET", url: "/api/admin/analytics" })).statusCode).toBe(401);
    const res = await t.inject({ method: "GET", url: "/api/admin/analytics", as: admin });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SiteAnalytics;
    expect(body.days).toHaveLength(30);
    expect(body.to).toBe("2031-02-02");
    expect(body.days.find((d) => d.date === "2031-02-01")).toEqual({
      date: "2031-02-01",
      activeMembers: 1,
      visitors: 2,
      pageViews: 3,
    });
    expect(body.days.find((d) => d.date === "2031-02-02")).toMatchObject({ activeMembers: 1, pageViews: 1 });
    expect(body.topPages).toEqual([
      { path: "/trending", views: 3 },
      { path: "/explore", views: 1 },
    ]);
    expect(body.totals).toMatchObject({ pageViews: 4, activeMembers: 1 });
  });

  it("rate-limits a sender", async () => {
    t.setNow(new Date("2031-03-01T10:00:00.000Z"));
    const member = await t.register();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await send({ type: "pageview", path: "/" }, member)).statusCode;
    expect(last).toBe(429);
    const res = await send({ type: "pageview", path: "/" }, member);
    expect(res.json().message).toMatch(/rate limit/);
  });
});

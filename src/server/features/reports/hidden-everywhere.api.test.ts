import { type SQL, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_HIDE_THRESHOLD, type ReportTargetType } from "../../../common/reports";
import { queryRows } from "../../db/connect";
import { createFixture } from "../../test/fixture";
import { type Fixture, fillPath, routePolicy } from "../../test/route-policy";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

/**
 * Issue 25 item 2: an item hidden by reports leaves every public list, search and aggregate.
 * One item of each reportable kind is hidden by AUTO_HIDE_THRESHOLD reports, then every public
 * GET route the app registers (classified in test/route-policy.ts, so a new list endpoint
 * is walked without touching this file) is called as a visitor and as a member, once with its
 * default parameters and once per plausible value of each query parameter its OpenAPI schema
 * declares (each enum value, the hidden words for text queries, the hidden hashtag for tags).
 * (Model comments cannot be reported, so they are not among the kinds.)
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes
type Json = any;

let t: TestApp;
let f: Fixture;
let viewer: TestMember;
let owner: TestMember;
let admin: TestMember;
let troll: TestMember;
let trollCommentId = 0;
const tag = randomTag(8);
/** Words that appear only in the hidden items; the hashtag only on the hidden post. */
const secret = {
  post: `zqpost${tag}`,
  comment: `zqcomment${tag}`,
  threadTitle: `zqthreadtitle${tag}`,
  thread: `zqthread${tag}`,
  reply: `zqreply${tag}`,
  promptTitle: `zqprompttitle${tag}`,
  promptDescription: `zqpromptdesc${tag}`,
  prompt: `zqprompt${tag}`,
  trollComment: `zqtroll${tag}`,
  /** Not hidden themselves: a comment on the hidden post, a reply to the hidden comment. */
  onHiddenPost: `zqonhiddenpost${tag}`,
  replyToHidden: `zqreplytohidden${tag}`,
};
const hashtag = `zqtag${tag}`;
const hiddenIds: Partial<Record<ReportTargetType, number>> = {};

async function ok(opts: InjectOptions & { as?: TestMember }): Promise<Json> {
  const res = await t.inject(opts);
  expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function hideByReports(type: ReportTargetType, id: number, reporters: TestMember[]) {
  for (const as of reporters) {
    await ok({
      method: "POST",
      url: "/api/reports",
      as,
      payload: { targetType: type, targetId: id, reason: "harassment" },
    });
  }
  hiddenIds[type] = id;
}

beforeAll(async () => {
  t = await createTestApp();
  const fixture = await createFixture(t);
  f = fixture.f;
  const { other, victim } = fixture.cast;
  owner = fixture.cast.owner;
  admin = fixture.cast.admin;
  viewer = other;
  const third = await t.register();
  const reporters = [other, victim, third].slice(0, AUTO_HIDE_THRESHOLD);
  expect(reporters).toHaveLength(AUTO_HIDE_THRESHOLD);

  // The hidden post is liked and commented on, so it would rank in trending and insights.
  const post = await ok({
    method: "POST",
    url: "/api/posts",
    as: owner,
    payload: { content: `Something hurtful ${secret.post} about agents and models #${hashtag}` },
  });
  await ok({ method: "POST", url: `/api/posts/${post.id}/like`, as: victim });
  await ok({
    method: "POST",
    url: `/api/posts/${post.id}/comments`,
    as: victim,
    payload: { content: `An answer ${secret.onHiddenPost} under the hurtful post` },
  });
  const comment = await ok({
    method: "POST",
    url: `/api/posts/${f.postId}/comments`,
    as: owner,
    payload: { content: `A hurtful comment ${secret.comment} about agents` },
  });
  await ok({
    method: "POST",
    url: `/api/posts/${f.postId}/comments`,
    as: victim,
    payload: { content: `A reply ${secret.replyToHidden} to the hurtful comment`, parentId: comment.id },
  });
  const thread = await ok({
    method: "POST",
    url: `/api/forums/${f.forumId}/threads`,
    as: owner,
    payload: {
      title: `Hurtful ${secret.threadTitle}`,
      content: `A hurtful thread ${secret.thread} on agents`,
    },
  });
  const reply = await ok({
    method: "POST",
    url: `/api/threads/${f.threadId}/replies`,
    as: owner,
    payload: { content: `A hurtful reply ${secret.reply} about agents` },
  });
  const prompt = await ok({
    method: "POST",
    url: "/api/prompts",
    as: owner,
    payload: {
      title: `Hurtful ${secret.promptTitle}`,
      description: `A hurtful prompt ${secret.promptDescription}`,
      content: `You are a hurtful assistant ${secret.prompt}. Write about agents.`,
      category: "writing",
      aiModel: "claude",
      difficulty: "beginner",
      tags: [],
    },
  });
  // Everything is public before the reports (the walk below would otherwise prove nothing).
  const before = await ok({ method: "GET", url: `/api/users/${f.ownerId}/activity` });
  expect(JSON.stringify(before)).toContain(secret.post);

  await hideByReports("post", post.id, reporters);
  await hideByReports("comment", comment.id, reporters);
  await hideByReports("thread", thread.id, reporters);
  await hideByReports("reply", reply.id, reporters);
  await hideByReports("prompt", prompt.id, reporters);
  // Another member's comment on the owner's post, hidden too: no engagement in the owner's analytics.
  troll = await t.register();
  const trollComment = await ok({
    method: "POST",
    url: `/api/posts/${f.postId}/comments`,
    as: troll,
    payload: { content: `A troll's comment ${secret.trollComment}` },
  });
  trollCommentId = trollComment.id;
  for (const as of reporters) {
    await ok({
      method: "POST",
      url: "/api/reports",
      as,
      payload: { targetType: "comment", targetId: trollComment.id, reason: "harassment" },
    });
  }
}, 120_000);
afterAll(async () => t?.close());

interface QueryParam {
  name: string;
  schema: { enum?: unknown[]; type?: string; maximum?: number };
}

/** Query variants for a route: its default, then one per plausible value of each parameter. */
function variants(params: QueryParam[], base: Record<string, string> | undefined): Record<string, string>[] {
  const out: Record<string, string>[] = [{ ...base }];
  for (const p of params) {
    const values: string[] = [];
    if (p.schema.enum) values.push(...p.schema.enum.map(String));
    else if (["q", "search", "query"].includes(p.name)) values.push(...Object.values(secret), "agents");
    else if (p.name === "tag" || p.name === "hashtag") values.push(hashtag);
    else if (p.name === "limit" && p.schema.maximum) values.push(String(p.schema.maximum));
    for (const v of values) out.push({ ...base, [p.name]: v });
  }
  return out;
}

/** Public GET routes, with the ids of the fixture and of the hidden items where they fit. */
async function publicGets(): Promise<Array<{ url: string; query: Record<string, string> }>> {
  const doc = await ok({ method: "GET", url: "/api/docs" });
  const out: Array<{ url: string; query: Record<string, string> }> = [];
  const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
  for (const [key, policy] of Object.entries(routePolicy)) {
    if (!key.startsWith("GET ") || policy.access !== "public" || policy.stream) continue;
    if (!registered.has(key)) continue;
    const url = key.slice(4);
    const openApiPath = url.replace(/^\/api/, "").replace(/:(\w+)/g, "{$1}");
    const params: QueryParam[] =
      (doc.paths?.[`/api${openApiPath}`] ?? doc.paths?.[openApiPath])?.get?.parameters ?? [];
    const query = variants(
      params.filter((p: Json) => p.in === "query"),
      policy.query,
    );
    const paths = new Set([policy.path ? policy.path(f) : fillPath(url, f)]);
    // The hidden items' own pages: their lists (comments, replies) must not show them either.
    for (const [type, id] of Object.entries(hiddenIds)) {
      const withHidden = { ...f, [`${type}Id`]: id } as Fixture;
      if (!policy.path) paths.add(fillPath(url, withHidden));
    }
    for (const path of paths) for (const q of query) out.push({ url: path, query: q });
  }
  return out;
}

describe("content hidden by reports", () => {
  it("appears in no answer of any public GET route, for visitors or members", async () => {
    const calls = await publicGets();
    // The walk covers the lists the issue names (and many more).
    for (const must of [
      "/api/trending/posts",
      "/api/generational-insights",
      `/api/users/${f.ownerId}/activity`,
    ]) {
      expect(calls.some((c) => c.url === must)).toBe(true);
    }
    const leaks: string[] = [];
    for (const call of calls) {
      for (const as of [undefined, viewer]) {
        const res = await t.inject({ method: "GET", url: call.url, query: call.query, as });
        expect(res.statusCode, `${call.url} ${JSON.stringify(call.query)}: ${res.body}`).toBeLessThan(500);
        for (const [kind, word] of Object.entries(secret)) {
          if (res.body.includes(word)) {
            leaks.push(
              `${as ? "member" : "visitor"} GET ${call.url}?${new URLSearchParams(call.query)} shows the hidden ${kind}`,
            );
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);

  it("does not count the hidden post's hashtag in trending topics", async () => {
    for (const timeframe of ["1h", "24h", "7d", "30d"]) {
      const topics: Json[] = await ok({
        method: "GET",
        url: `/api/trending/topics?timeframe=${timeframe}&limit=50`,
      });
      expect(topics.map((x) => x.hashtag.toLowerCase())).not.toContain(`#${hashtag}`);
      expect(topics.map((x) => x.hashtag.toLowerCase())).not.toContain(hashtag);
    }
  });

  it("does not count hidden items in the landing page's totals or the author's profile figures", async () => {
    const stats = await ok({ method: "GET", url: "/api/stats" });
    const count = async (query: SQL) => (await queryRows<{ n: number }>(t.ctx.db, query))[0]!.n;
    expect(stats.posts).toBe(await count(sql`SELECT count(*)::int AS n FROM posts WHERE hidden_at IS NULL`));
    expect(stats.prompts).toBe(
      await count(sql`SELECT count(*)::int AS n FROM prompts WHERE hidden_at IS NULL`),
    );
    const profile = await ok({ method: "GET", url: `/api/users/${f.ownerId}/stats` });
    // The owner has the fixture's post, thread and prompt besides the hidden ones.
    expect(profile).toMatchObject({ posts: 1, threads: 1, prompts: 1 });
  });

  it("does not count a hidden comment in the comment count shown on its post", async () => {
    const post = await ok({ method: "GET", url: `/api/posts/${f.postId}` });
    const comments: Json[] = await ok({ method: "GET", url: `/api/posts/${f.postId}/comments?limit=100` });
    expect(post.comments).toBe(comments.length);
  });

  it("does not count a hidden comment in its post author's analytics", async () => {
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await t.exec(
      `UPDATE users SET subscription_tier = 'basic', subscription_expires_at = '${expires}' WHERE id = ${Number(owner.id)}`,
    );
    const analytics = await ok({ method: "GET", url: "/api/analytics/me?range=7d", as: owner });
    expect(analytics.level).toBe("basic");
    // Only the shown comment on the owner's own (hidden) post: authors keep seeing their own
    // posts' engagement; the troll's hidden comment and the reply hidden with its parent do not count.
    expect(analytics.totals.comments).toBe(1);
  });

  it("counts them again when an admin dismisses the reports, and keeps counts right when a hidden comment is deleted", async () => {
    const stats = await ok({ method: "GET", url: "/api/stats" });
    const commentsBefore = (await ok({ method: "GET", url: `/api/posts/${f.postId}` })).comments;
    const resolve = (targetType: ReportTargetType, targetId: number) =>
      ok({
        method: "POST",
        url: "/api/admin/reports/resolve",
        as: admin,
        payload: { targetType, targetId, action: "dismiss" },
      });
    await resolve("post", hiddenIds.post!);
    await resolve("prompt", hiddenIds.prompt!);
    await resolve("comment", hiddenIds.comment!);

    const topics: Json[] = await ok({ method: "GET", url: "/api/trending/topics?timeframe=24h&limit=50" });
    expect(topics.find((x) => x.hashtag.toLowerCase().replace(/^#/, "") === hashtag)?.posts).toBe(1);
    expect(await ok({ method: "GET", url: "/api/stats" })).toMatchObject({
      posts: stats.posts + 1,
      prompts: stats.prompts + 1,
    });
    const trending: Json[] = await ok({ method: "GET", url: "/api/trending/posts?timeframe=24h" });
    expect(trending.map((p) => p.id)).toContain(hiddenIds.post);
    // The comment is shown again, and so is the reply hidden with it (0018).
    expect((await ok({ method: "GET", url: `/api/posts/${f.postId}` })).comments).toBe(commentsBefore + 2);

    // The troll's comment is still hidden (not counted); deleting it leaves the count as it is.
    await ok({ method: "DELETE", url: `/api/posts/${f.postId}/comments/${trollCommentId}`, as: troll });
    const comments: Json[] = await ok({ method: "GET", url: `/api/posts/${f.postId}/comments?limit=100` });
    expect((await ok({ method: "GET", url: `/api/posts/${f.postId}` })).comments).toBe(comments.length);
    expect(comments.length).toBe(commentsBefore + 2);
    expect(JSON.stringify(comments)).toContain(secret.replyToHidden);
  });
});

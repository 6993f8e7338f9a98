import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportGroup } from "../../../common/admin";
import { REPORT_MESSAGES } from "../../../common/reports";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let admin: TestMember;
let forumId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  admin = await t.register();
  await t.makeAdmin(admin);
  const forums = (await t.inject({ method: "GET", url: "/api/forums" })).json();
  forumId = forums[0].id;
});
afterAll(async () => t?.close());

let seq = 0;
const text = (prefix = "A thoughtful post about AI models") =>
  `${prefix} number ${++seq} ${String(Date.now())}`;

async function newPost(as: TestMember): Promise<number> {
  const res = await t.inject({ method: "POST", url: "/api/posts", payload: { content: text() }, as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const report = (as: TestMember | undefined, payload: Record<string, unknown>) =>
  t.inject({ method: "POST", url: "/api/reports", payload, as });

async function reporters(n: number): Promise<TestMember[]> {
  return Promise.all(Array.from({ length: n }, () => t.register()));
}

async function feedIds(as?: TestMember): Promise<number[]> {
  const res = await t.inject({ method: "GET", url: "/api/posts?limit=100", as });
  return res.json().map((p: { id: number }) => p.id);
}

async function groups(): Promise<ReportGroup[]> {
  const res = await t.inject({ method: "GET", url: "/api/admin/reports?limit=100", as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const resolve = (payload: Record<string, unknown>, as: TestMember = admin) =>
  t.inject({ method: "POST", url: "/api/admin/reports/resolve", payload, as });

describe("reporting", () => {
  it("takes a report with a reason from the fixed list and optional details", async () => {
    const author = await t.register();
    const [reporter] = await reporters(1);
    const id = await newPost(author);
    const res = await report(reporter, {
      targetType: "post",
      targetId: id,
      reason: "spam",
      details: "Links to a shop",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: REPORT_MESSAGES.sent });
    const group = (await groups()).find((g) => g.targetType === "post" && g.targetId === id);
    expect(group).toMatchObject({
      reportCount: 1,
      hidden: false,
      exists: true,
      url: `/post/${id}`,
      author: { id: author.id, username: author.username },
      reasons: [{ reason: "spam", count: 1 }],
    });
    expect(group?.reports[0]).toMatchObject({
      reporter: reporter!.username,
      reason: "spam",
      details: "Links to a shop",
    });
  });

  it("refuses the visitor, a second open report, one's own content, unknown items and bad input", async () => {
    const author = await t.register();
    const [reporter] = await reporters(1);
    const id = await newPost(author);
    expect((await report(undefined, { targetType: "post", targetId: id, reason: "spam" })).statusCode).toBe(
      401,
    );
    expect((await report(reporter, { targetType: "post", targetId: id, reason: "hate" })).statusCode).toBe(
      201,
    );
    const again = await report(reporter, { targetType: "post", targetId: id, reason: "spam" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPORT_MESSAGES.alreadyReported);
    const own = await report(author, { targetType: "post", targetId: id, reason: "spam" });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(REPORT_MESSAGES.ownContent);
    const self = await report(author, { targetType: "user", targetId: author.id, reason: "other" });
    expect(self.statusCode).toBe(400);
    for (const targetType of ["post", "comment", "thread", "reply", "prompt", "user"]) {
      const missing = await report(reporter, { targetType, targetId: 987654, reason: "spam" });
      expect(missing.statusCode, targetType).toBe(404);
    }
    const bad: Record<string, unknown>[] = [
      { targetType: "post", targetId: id, reason: "boring" },
      { targetType: "forum", targetId: id, reason: "spam" },
      { targetType: "post", targetId: -1, reason: "spam" },
      { targetType: "post", targetId: "1", reason: "spam" },
      { targetType: "post", targetId: id, reason: "spam", details: "x".repeat(1001) },
      { targetType: "post", targetId: id, reason: "spam", extra: true },
      { targetType: "post", reason: "spam" },
    ];
    for (const payload of bad) {
      const res = await report(reporter, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("hides a post pending review after reports from 3 different members, then an admin dismisses", async () => {
    const author = await t.register();
    const viewer = await t.register();
    const id = await newPost(author);
    const [a, b, c] = await reporters(3);
    await report(a, { targetType: "post", targetId: id, reason: "spam" });
    await report(b, { targetType: "post", targetId: id, reason: "harassment" });
    expect(await feedIds(viewer)).toContain(id);
    await report(c, { targetType: "post", targetId: id, reason: "spam" });

    // Gone from the feed, search and the profile for everyone; the post itself only for its author and admins.
    expect(await feedIds(viewer)).not.toContain(id);
    expect(await feedIds()).not.toContain(id);
    expect((await t.inject({ method: "GET", url: `/api/posts/${id}`, as: viewer })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: `/api/posts/${id}` })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: `/api/posts/${id}`, as: author })).statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: `/api/posts/${id}`, as: admin })).statusCode).toBe(200);

    const group = (await groups()).find((g) => g.targetId === id && g.targetType === "post")!;
    expect(group).toMatchObject({
      hidden: true,
      reportCount: 3,
      reasons: [
        { reason: "spam", count: 2 },
        { reason: "harassment", count: 1 },
      ],
    });
    expect(group.reports.map((r) => r.reporter)).toEqual([a!.username, b!.username, c!.username]);
    // The dashboard's recent actions say so.
    const actions = (
      await t.inject({ method: "GET", url: "/api/admin/moderation-actions?limit=5", as: admin })
    ).json();
    expect(actions[0]).toMatchObject({ action: "Post hidden pending review", user: author.username });

    const dismissed = await resolve({
      action: "dismiss",
      targetType: "post",
      targetId: id,
      reason: "Fair criticism",
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await feedIds(viewer)).toContain(id);
    expect((await groups()).some((g) => g.targetId === id && g.targetType === "post")).toBe(false);
    // Closed reports no longer block a member from reporting again.
    expect((await report(a, { targetType: "post", targetId: id, reason: "spam" })).statusCode).toBe(201);
    const again = await resolve({ action: "dismiss", targetType: "post", targetId: id });
    expect(again.statusCode).toBe(200);
    expect((await resolve({ action: "dismiss", targetType: "post", targetId: id })).statusCode).toBe(404);
  });

  it("counts one member's reports once: two reporters never hide an item", async () => {
    const author = await t.register();
    const id = await newPost(author);
    const [a, b] = await reporters(2);
    await report(a, { targetType: "post", targetId: id, reason: "spam" });
    await report(a, { targetType: "post", targetId: id, reason: "hate" });
    await report(b, { targetType: "post", targetId: id, reason: "spam" });
    expect(await feedIds()).toContain(id);
  });
});

describe("admin resolutions", () => {
  it("removes the content", async () => {
    const author = await t.register();
    const id = await newPost(author);
    const [a] = await reporters(1);
    await report(a, { targetType: "post", targetId: id, reason: "sexual" });
    const res = await resolve({ action: "remove", targetType: "post", targetId: id, reason: "Explicit" });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: `/api/posts/${id}`, as: admin })).statusCode).toBe(404);
    const log = (await t.inject({ method: "GET", url: "/api/admin/audit-log?limit=1", as: admin })).json();
    expect(log[0]).toMatchObject({
      action: "content.remove",
      targetType: "post",
      targetId: id,
      reason: "Explicit",
    });
  });

  it("bans the author: sessions end, the item stays hidden, sign-in is refused; unban restores", async () => {
    const author = await t.register();
    const id = await newPost(author);
    const [a, b, c] = await reporters(3);
    for (const m of [a, b, c]) await report(m, { targetType: "post", targetId: id, reason: "harassment" });
    const res = await resolve({ action: "ban", targetType: "post", targetId: id, reason: "Harassment" });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: author })).statusCode).toBe(401);
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: author.username, password: author.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe("This account has been suspended");
    expect(await feedIds()).not.toContain(id);
    const log = (await t.inject({ method: "GET", url: "/api/admin/audit-log?limit=1", as: admin })).json();
    expect(log[0]).toMatchObject({ action: "user.ban", targetId: author.id, reason: "Harassment" });
    expect(log[0].summary).toContain(`reported post #${id}`);

    await t.inject({ method: "POST", url: `/api/admin/users/${author.id}/unban`, payload: {}, as: admin });
    const back = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: author.username, password: author.password },
    });
    expect(back.statusCode).toBe(200);
  });

  it("warns or rate-limits the author", async () => {
    const author = await t.register();
    const first = await newPost(author);
    const second = await newPost(author);
    const [a] = await reporters(1);
    await report(a, { targetType: "post", targetId: first, reason: "misinformation" });
    await report(a, { targetType: "post", targetId: second, reason: "spam" });
    const warn = await resolve({
      action: "warn",
      targetType: "post",
      targetId: first,
      message: "Please cite sources",
    });
    expect(warn.statusCode).toBe(200);
    const notes = (await t.inject({ method: "GET", url: "/api/notifications", as: author })).json();
    expect(JSON.stringify(notes)).toContain("Please cite sources");
    // Upholding a report hides the item.
    expect(await feedIds()).not.toContain(first);

    const limit = await resolve({
      action: "rate_limit",
      targetType: "post",
      targetId: second,
      hours: 24,
      reason: "Spam",
    });
    expect(limit.statusCode).toBe(200);
    const refused = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: text() },
      as: author,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/rate limit/);
  });

  it("validates the decision", async () => {
    const author = await t.register();
    const id = await newPost(author);
    const [a] = await reporters(1);
    await report(a, { targetType: "post", targetId: id, reason: "spam" });
    const bad: Record<string, unknown>[] = [
      { action: "explode", targetType: "post", targetId: id },
      { action: "rate_limit", targetType: "post", targetId: id, reason: "x" },
      { action: "rate_limit", targetType: "post", targetId: id, hours: 0, reason: "x" },
      { action: "ban", targetType: "post", targetId: id },
      { action: "warn", targetType: "post", targetId: id },
      { action: "dismiss", targetType: "post", targetId: id, extra: 1 },
      { action: "dismiss", targetType: "nope", targetId: id },
    ];
    for (const payload of bad) {
      const res = await resolve(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await resolve({ action: "dismiss", targetType: "post", targetId: 999999 })).statusCode).toBe(404);
    // Banning oneself through a report is refused like any ban of oneself.
    const member = await t.register();
    await report(member, { targetType: "user", targetId: admin.id, reason: "other" });
    const selfBan = await resolve({ action: "ban", targetType: "user", targetId: admin.id, reason: "x" });
    expect(selfBan.statusCode).toBe(400);
    const removeMember = await resolve({ action: "remove", targetType: "user", targetId: admin.id });
    expect(removeMember.statusCode).toBe(400);
    expect((await resolve({ action: "dismiss", targetType: "user", targetId: admin.id })).statusCode).toBe(
      200,
    );
  });

  it("pages the groups by their latest report", async () => {
    const all = await groups();
    expect(all.length).toBeGreaterThan(1);
    const first = (await t.inject({ method: "GET", url: "/api/admin/reports?limit=1", as: admin })).json();
    expect(first).toHaveLength(1);
    const next = (
      await t.inject({
        method: "GET",
        url: `/api/admin/reports?limit=1&cursor=${first[0].latestReportId}`,
        as: admin,
      })
    ).json();
    expect(next[0].latestReportId).toBeLessThan(first[0].latestReportId);
  });
});

describe("other kinds of content", () => {
  it("hides and removes comments, threads, replies and prompts", async () => {
    const author = await t.register();
    const [a, b, c] = await reporters(3);
    const postId = await newPost(author);
    const comment = await t.inject({
      method: "POST",
      url: `/api/posts/${postId}/comments`,
      payload: { content: text("A comment") },
      as: author,
    });
    const commentId = comment.json().id;
    const thread = await t.inject({
      method: "POST",
      url: `/api/forums/${forumId}/threads`,
      payload: { title: "A thread to report", content: text("An opening message") },
      as: author,
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = thread.json().id;
    const replyRes = await t.inject({
      method: "POST",
      url: `/api/threads/${threadId}/replies`,
      payload: { content: text("A reply") },
      as: author,
    });
    expect(replyRes.statusCode, replyRes.body).toBe(201);
    const replyId = replyRes.json().id;
    const prompt = await t.inject({
      method: "POST",
      url: "/api/prompts",
      payload: {
        title: "A prompt to report",
        content: text("Explain [TOPIC] simply"),
        description: "x",
        category: "education",
        aiModel: "any",
        difficulty: "beginner",
        tags: [],
      },
      as: author,
    });
    expect(prompt.statusCode, prompt.body).toBe(201);
    const promptId = prompt.json().id;

    for (const m of [a, b, c]) {
      for (const [targetType, targetId] of [
        ["comment", commentId],
        ["thread", threadId],
        ["reply", replyId],
        ["prompt", promptId],
      ] as const) {
        expect((await report(m, { targetType, targetId, reason: "spam" })).statusCode).toBe(201);
      }
    }
    const comments = (await t.inject({ method: "GET", url: `/api/posts/${postId}/comments` })).json();
    expect(comments.map((x: { id: number }) => x.id)).not.toContain(commentId);
    const threads = (
      await t.inject({ method: "GET", url: `/api/forums/${forumId}/threads?limit=100` })
    ).json();
    expect(threads.map((x: { id: number }) => x.id)).not.toContain(threadId);
    const replies = (await t.inject({ method: "GET", url: `/api/threads/${threadId}/replies` })).json();
    expect(replies.map((x: { id: number }) => x.id)).not.toContain(replyId);
    const prompts = (await t.inject({ method: "GET", url: "/api/prompts?limit=100" })).json();
    expect(prompts.map((x: { id: number }) => x.id)).not.toContain(promptId);

    const open = await groups();
    for (const [type, id] of [
      ["comment", commentId],
      ["thread", threadId],
      ["reply", replyId],
      ["prompt", promptId],
    ] as const) {
      const g = open.find((x) => x.targetType === type && x.targetId === id);
      expect(g, type).toMatchObject({ hidden: true, exists: true, reportCount: 3 });
      expect(g?.url).toBeTruthy();
    }

    // Dismissing shows the reply again; removing deletes the others.
    expect((await resolve({ action: "dismiss", targetType: "reply", targetId: replyId })).statusCode).toBe(
      200,
    );
    const repliesAfter = (await t.inject({ method: "GET", url: `/api/threads/${threadId}/replies` })).json();
    expect(repliesAfter.map((x: { id: number }) => x.id)).toContain(replyId);
    for (const [targetType, targetId] of [
      ["comment", commentId],
      ["prompt", promptId],
      ["thread", threadId],
    ] as const) {
      const res = await resolve({ action: "remove", targetType, targetId });
      expect(res.statusCode, `${targetType}: ${res.body}`).toBe(200);
    }
    const post = (await t.inject({ method: "GET", url: `/api/posts/${postId}` })).json();
    expect(post.comments).toBe(0);
    expect((await t.inject({ method: "GET", url: `/api/prompts/${promptId}` })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: `/api/threads/${threadId}` })).statusCode).toBe(404);
  });

  it("answers 404 for a hidden thread or prompt except to its author and admins", async () => {
    const author = await t.register();
    const other = await t.register();
    const [a, b, c] = await reporters(3);
    const thread = await t.inject({
      method: "POST",
      url: `/api/forums/${forumId}/threads`,
      payload: { title: "A thread that gets hidden", content: text("An opening message") },
      as: author,
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = thread.json().id;
    const prompt = await t.inject({
      method: "POST",
      url: "/api/prompts",
      payload: {
        title: "A prompt that gets hidden",
        content: text("Explain [TOPIC] simply"),
        description: "x",
        category: "education",
        aiModel: "any",
        difficulty: "beginner",
        tags: [],
      },
      as: author,
    });
    expect(prompt.statusCode, prompt.body).toBe(201);
    const promptId = prompt.json().id;

    const urls = [`/api/threads/${threadId}`, `/api/prompts/${promptId}`];
    for (const url of urls) {
      expect((await t.inject({ method: "GET", url, as: other })).statusCode, url).toBe(200);
    }
    for (const m of [a, b, c]) {
      for (const [targetType, targetId] of [
        ["thread", threadId],
        ["prompt", promptId],
      ] as const) {
        expect((await report(m, { targetType, targetId, reason: "spam" })).statusCode).toBe(201);
      }
    }
    for (const url of urls) {
      expect((await t.inject({ method: "GET", url, as: other })).statusCode, url).toBe(404);
      expect((await t.inject({ method: "GET", url, as: a })).statusCode, url).toBe(404);
      expect((await t.inject({ method: "GET", url })).statusCode, url).toBe(404);
      expect((await t.inject({ method: "GET", url, as: author })).statusCode, url).toBe(200);
      expect((await t.inject({ method: "GET", url, as: admin })).statusCode, url).toBe(200);
    }

    // Dismissing the reports makes them readable again.
    for (const [targetType, targetId] of [
      ["thread", threadId],
      ["prompt", promptId],
    ] as const) {
      expect((await resolve({ action: "dismiss", targetType, targetId })).statusCode).toBe(200);
    }
    for (const url of urls) {
      expect((await t.inject({ method: "GET", url, as: other })).statusCode, url).toBe(200);
    }
  });

  it("lets members report a member, which waits for an admin without hiding anything", async () => {
    const troll = await t.register();
    const [a, b, c] = await reporters(3);
    for (const m of [a, b, c]) {
      expect(
        (await report(m, { targetType: "user", targetId: troll.id, reason: "harassment" })).statusCode,
      ).toBe(201);
    }
    const g = (await groups()).find((x) => x.targetType === "user" && x.targetId === troll.id);
    expect(g).toMatchObject({ hidden: false, url: `/profile/${troll.id}`, author: { id: troll.id } });
    expect((await t.inject({ method: "GET", url: `/api/users/${troll.id}` })).statusCode).toBe(200);
  });
});

/**
 * Lists named by what they show (decision 0125): the catalog's answers, the prompt library, a
 * profile and the feed's older pages are kept ENTITY_CACHE_TTL_MS for visitors, dropped by the
 * writes that name them (a rating post, a post's deletion, a like on a post of the page) and by
 * every write that names nothing — and kept through the writes that name something else.
 * The clock stands still in each test, so a fresh answer can only come from a drop.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECOMPUTE_NOW_JOB } from "../features/arena/recompute";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";
import { eventually } from "../test/notification-stream";
import { ENTITY_CACHE_TTL_MS, PUBLIC_CACHE_TTL_MS } from "./public-cache";

let t: TestApp;
let alice: TestMember;
let bob: TestMember;
const base = new Date("2026-03-02T12:00:00Z");
let seq = 0;
const text = (prefix = "Named list check") => `${prefix} number ${++seq} ${Date.now()}`;

const get = (url: string, as?: TestMember) => t.inject({ method: "GET", url, as });
const hit = async (url: string) => (await get(url)).headers["x-public-cache"] === "hit";
/** Past the list answers' time to live, within the entity answers'. */
const later = () =>
  t.setNow(new Date(base.getTime() + Math.max(PUBLIC_CACHE_TTL_MS * 3, ENTITY_CACHE_TTL_MS / 2)));

async function newPost(as: TestMember, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.inject({
    method: "POST",
    url: "/api/posts",
    payload: { content: text(), ...body },
    as,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  [alice, bob] = [await t.register(), await t.register()];
});
afterAll(async () => t?.close());

describe("lists named by what they show", () => {
  it("a model's page, reviews and the directory: kept through a like, dropped by a rating post and its deletion", async () => {
    t.setNow(base);
    const model = (await get("/api/ai-models/gemini-1-5-pro")).json();
    const urls = [
      "/api/ai-models/gemini-1-5-pro",
      "/api/ai-models/gemini-1-5-pro/reviews",
      "/api/ai-models/gemini-1-5-pro/comments",
      "/api/ai-models?sort=rating",
      `/api/ai-models/compare?models=${model.id}`,
      "/api/ai-models/gemini-1-5-pro/versions",
    ];
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    const other = await newPost(bob);
    await t.inject({ method: "POST", url: `/api/posts/${other}/like`, as: alice });
    later();
    for (const url of urls) expect(await hit(url), url).toBe(true);

    // A post rating the model is its review: every catalog answer shows it at once.
    const review = text("Gemini summarised my notes");
    const rating = await newPost(alice, { content: review, aiModel: "gemini", rating: 5 });
    const reviews = (await get("/api/ai-models/gemini-1-5-pro/reviews?sort=newest")).json();
    expect(reviews.map((r: { review: string | null }) => r.review)).toContain(review);
    const counted = (await get("/api/ai-models/gemini-1-5-pro")).json();
    expect(counted.reviewCount).toBe(model.reviewCount + 1);
    for (const url of urls.slice(1)) expect(await hit(url), url).toBe(false);

    // Deleting the post takes its rating back, and the answers with it.
    for (const url of urls) await get(url);
    expect((await t.inject({ method: "DELETE", url: `/api/posts/${rating}`, as: alice })).statusCode).toBe(
      200,
    );
    expect((await get("/api/ai-models/gemini-1-5-pro")).json().reviewCount).toBe(model.reviewCount);
    const after = (await get("/api/ai-models/gemini-1-5-pro/reviews?sort=newest")).json();
    expect(after.map((r: { review: string | null }) => r.review)).not.toContain(review);
    t.setNow(undefined);
  });

  it("a rating made on the model's page (a write naming nothing) shows at once", async () => {
    t.setNow(base);
    const model = (await get("/api/ai-models/claude-3-5-sonnet")).json();
    await get("/api/ai-models/claude-3-5-sonnet/reviews?sort=newest");
    later();
    expect(await hit("/api/ai-models/claude-3-5-sonnet/reviews?sort=newest")).toBe(true);
    const review = text("Claude explained my stack trace");
    const rated = await t.inject({
      method: "POST",
      url: `/api/ai-models/${model.id}/rate`,
      payload: { rating: 4, review },
      as: bob,
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);
    const reviews = (await get("/api/ai-models/claude-3-5-sonnet/reviews?sort=newest")).json();
    expect(reviews.map((r: { review: string | null }) => r.review)).toContain(review);
    t.setNow(undefined);
  });

  it("a prompt and the library: kept through posts' writes, dropped by a prompt's like", async () => {
    t.setNow(base);
    const created = await t.inject({
      method: "POST",
      url: "/api/prompts",
      payload: { title: text("Prompt"), content: "Give me three ideas for a name." },
      as: alice,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const urls = [`/api/prompts/${id}`, "/api/prompts", "/api/prompts?sort=likes"];
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    await newPost(bob);
    later();
    for (const url of urls) expect(await hit(url), url).toBe(true);
    await t.inject({ method: "POST", url: `/api/prompts/${id}/like`, as: bob });
    expect((await get(`/api/prompts/${id}`)).json().likes).toBe(1);
    for (const url of urls.slice(1)) expect(await hit(url), url).toBe(false);
    t.setNow(undefined);
  });

  it("a profile: kept through others' writes, dropped by the member's new post and a profile change", async () => {
    t.setNow(base);
    const url = `/api/users/${alice.id}`;
    await get(url);
    await newPost(bob);
    later();
    expect(await hit(url)).toBe(true);
    // The same answer for a member (nothing of theirs is in it).
    expect((await get(url, bob)).headers["x-public-cache"]).toBe("hit");
    await newPost(alice);
    expect(await hit(url)).toBe(false);
    const bio = text("Bio");
    expect(
      (await t.inject({ method: "PUT", url: "/api/profile", payload: { bio }, as: alice })).statusCode,
    ).toBe(200);
    expect((await get(url)).json().bio).toBe(bio);
    t.setNow(undefined);
  });

  it("a member's stats are a list answer: the next visitor sees a like on their post", async () => {
    t.setNow(base);
    const id = await newPost(alice);
    const url = `/api/users/${alice.id}/stats`;
    const before = (await get(url)).json().likesReceived;
    expect(await hit(url)).toBe(true);
    await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: bob });
    expect((await get(url)).json().likesReceived).toBe(before + 1);
    t.setNow(undefined);
  });

  it("a forum's thread lists: kept through other forums' writes, dropped by a thread, a reply, an edit in it", async () => {
    t.setNow(base);
    const [first, second] = (await get("/api/forums")).json() as Array<{ id: number }>;
    const thread = async (forumId: number) => {
      const res = await t.inject({
        method: "POST",
        url: `/api/forums/${forumId}/threads`,
        payload: { title: text("Thread"), content: text() },
        as: alice,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const reply = (threadId: number) =>
      t.inject({
        method: "POST",
        url: `/api/threads/${threadId}/replies`,
        payload: { content: text() },
        as: bob,
      });
    const [older, newer, elsewhere] = [
      await thread(first!.id),
      await thread(first!.id),
      await thread(second!.id),
    ];
    const url = `/api/forums/${first!.id}/threads`;
    const list = async () =>
      (await get(url)).json() as Array<{ id: number; replyCount: number; title: string }>;
    expect((await list()).slice(0, 2).map((x) => x.id)).toEqual([newer, older]);
    expect((await reply(elsewhere)).statusCode).toBe(201);
    later();
    expect(await hit(url)).toBe(true);
    // A reply moves its thread to the top of its forum's first page, with its count.
    expect((await reply(older)).statusCode).toBe(201);
    expect((await list())[0]).toMatchObject({ id: older, replyCount: 1 });
    // A thread's edit.
    const title = text("Renamed thread");
    const edited = await t.inject({
      method: "PUT",
      url: `/api/threads/${newer}`,
      payload: { title },
      as: alice,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list()).find((x) => x.id === newer)?.title).toBe(title);
    // A new thread in it.
    const newest = await thread(first!.id);
    expect((await list())[0]!.id).toBe(newest);
    t.setNow(undefined);
  });

  it("the feed's older pages are kept through new posts and dropped by a like on a post they show", async () => {
    t.setNow(base);
    const carol = await t.register(); // the Free plan's five posts a day: a member of its own
    for (let i = 0; i < 4; i++) await newPost(carol);
    const first = (await get("/api/posts?limit=2")).json() as Array<{ id: number; likes: number }>;
    const url = `/api/posts?limit=2&cursor=${first[1]!.id}`;
    const older = (await get(url)).json() as Array<{ id: number; likes: number }>;
    expect(older).toHaveLength(2);
    await newPost(alice);
    later();
    expect(await hit(url)).toBe(true);
    // The first page is a list answer: the new post is on it.
    expect((await get("/api/posts?limit=2")).json()[0].id).not.toBe(first[0]!.id);
    // A like on another post keeps the page; a like on one of its posts drops it.
    await t.inject({ method: "POST", url: `/api/posts/${first[0]!.id}/like`, as: alice });
    expect(await hit(url)).toBe(true);
    await t.inject({ method: "POST", url: `/api/posts/${older[0]!.id}/like`, as: alice });
    const again = (await get(url)).json() as Array<{ id: number; likes: number }>;
    expect(again[0]!.likes).toBe(older[0]!.likes + 1);
    // Deleting a post of the page: the next one older takes its place.
    expect(
      (await t.inject({ method: "DELETE", url: `/api/posts/${older[1]!.id}`, as: carol })).statusCode,
    ).toBe(200);
    expect(((await get(url)).json() as Array<{ id: number }>).map((p) => p.id)).not.toContain(older[1]!.id);
    // Another sort or a hashtag's page stays a list answer.
    await get(`${url}&sort=hot`);
    later();
    t.setNow(new Date(base.getTime() + ENTITY_CACHE_TTL_MS / 2 + PUBLIC_CACHE_TTL_MS * 3));
    expect(await hit(`${url}&sort=hot`)).toBe(false);
    t.setNow(undefined);
  });

  it("a search: kept through writes that cannot change it, shows a new, liked, edited or deleted post at once (decision 0126)", async () => {
    t.setNow(base);
    const [dave, erin] = [await t.register(), await t.register()];
    const word = `qzv${Date.now().toString(36)}`;
    const url = `/api/search?q=${word}`;
    const found = async () => (await get(url)).json().posts as Array<{ id: number; likes: number }>;
    const first = await newPost(dave, { content: `Notes on ${word} for later` });
    const other = await newPost(erin, { content: "Nothing to find here" });
    expect((await found()).map((p) => p.id)).toEqual([first]);
    // A like on a post it does not show, a reply in a forum: kept (the list answers' second is long past).
    await t.inject({ method: "POST", url: `/api/posts/${other}/like`, as: dave });
    later();
    expect(await hit(url)).toBe(true);
    // A like on a post it shows: its count at once.
    await t.inject({ method: "POST", url: `/api/posts/${first}/like`, as: erin });
    expect((await found())[0]!.likes).toBe(1);
    expect(await hit(url)).toBe(true);
    // A new post with the word, then an edit that gives another post the word: found at once.
    const second = await newPost(erin, { content: `More about ${word} here` });
    expect((await found()).map((p) => p.id).sort()).toEqual([first, second].sort());
    const edit = await t.inject({
      method: "PUT",
      url: `/api/posts/${other}`,
      payload: { content: `Edited to mention ${word} too` },
      as: erin,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await found()).map((p) => p.id)).toContain(other);
    // A deletion: gone at once.
    expect((await t.inject({ method: "DELETE", url: `/api/posts/${first}`, as: dave })).statusCode).toBe(200);
    expect((await found()).map((p) => p.id)).not.toContain(first);
    t.setNow(undefined);
  });

  it("the Arena's answers and the directory by Arena rating: kept through posts' writes, fresh after a recompute", async () => {
    t.setNow(base);
    const urls = [
      "/api/ai-models?sort=arena",
      "/api/arena/board?view=overall",
      "/api/arena/win-rates?view=overall",
      "/api/arena/standing/gpt-4o",
      "/api/arena/agreement",
      "/api/arena/models",
    ];
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    await newPost(bob);
    later();
    for (const url of urls) expect(await hit(url), url).toBe(true);
    await t.ctx.jobs.send(RECOMPUTE_NOW_JOB, {});
    await t.drainJobs();
    await eventually(async () => !(await hit(urls[0]!)));
    for (const url of urls.slice(1)) expect(await hit(url), url).toBe(false);
    t.setNow(undefined);
  });

  it("a visitor's creators directory and rising creators are kept a second, and a follow shows at once", async () => {
    t.setNow(base);
    const [fan, star] = [await t.register(), await t.register()];
    const urls = ["/api/creators?limit=100", "/api/trending/creators?timeframe=24h"];
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    for (const url of urls) expect(await hit(url), url).toBe(true);
    const followed = await t.inject({ method: "POST", url: `/api/users/${star.id}/follow`, as: fan });
    expect(followed.statusCode, followed.body).toBeLessThan(300);
    expect(await hit(urls[0]!)).toBe(false);
    const listed = (await get(urls[0]!)).json() as Array<{ id: number; followersCount: number }>;
    expect(listed.find((c) => c.id === star.id)?.followersCount).toBe(1);
    t.setNow(undefined);
  });
});

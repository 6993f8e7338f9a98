import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AiModel,
  type AiModelDetail,
  benchmarkScoreOf,
  MODEL_CATEGORIES,
  type ModelComment,
  type ModelReview,
  type ModelSummary,
} from "../../../common/ai-models";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { catalog } from "./catalog";

let t: TestApp;
const commented: { actorId: number; modelId: number; commentId: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  t.ctx.events.on("model.commented", async (payload) => {
    commented.push(payload);
  });
});
afterAll(async () => t?.close());

async function list(query = ""): Promise<ModelSummary[]> {
  const res = await t.inject({ method: "GET", url: `/api/ai-models${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function detail(
  slug: string,
  as?: TestMember,
  headers: Record<string, string> = {},
): Promise<AiModelDetail> {
  const res = await t.inject({ method: "GET", url: `/api/ai-models/${slug}`, as, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function idOf(slug: string): Promise<number> {
  return (await detail(slug)).id;
}

describe("catalog", () => {
  it("seeds every catalog entry once, idempotently, with zero counters and derived benchmark scores", async () => {
    await t.seed(); // a second run changes nothing
    const all = await list("?limit=100&sort=alphabetical");
    expect(all.length).toBe(catalog.length);
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(new Set(all.map((m) => m.category))).toEqual(new Set(MODEL_CATEGORIES));
    for (const entry of catalog) {
      const m = all.find((x) => x.slug === entry.slug);
      expect(m, entry.slug).toBeDefined();
      expect(m!.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(m!.benchmarkScore).toBe(benchmarkScoreOf(entry.benchmarkDetails));
      expect(m!.isVerified).toBe(true);
    }
    const stats = await t.inject({ method: "GET", url: "/api/stats" });
    expect(stats.json().models).toBe(catalog.length);
  });

  it("gives the mean of published benchmark percentages, or null when none", () => {
    expect(benchmarkScoreOf({ A: 80, B: 90 })).toBe(85);
    expect(benchmarkScoreOf({ A: 88.7, B: 53.6, C: 76.6 })).toBe(73);
    expect(benchmarkScoreOf({})).toBeNull();
    expect(benchmarkScoreOf({ A: 150, B: 50 })).toBe(50);
  });

  it("shows the full facts of a model, null where the maker published none", async () => {
    const gpt = await detail("gpt-4o");
    expect(gpt).toMatchObject({
      name: "GPT-4o",
      company: "OpenAI",
      category: "Language Models",
      pricing: "Freemium",
    });
    expect(gpt.modelSize).toBeNull();
    expect(gpt.features.length).toBeGreaterThan(0);
    expect(gpt.sources.length).toBeGreaterThan(0);
    expect(gpt.benchmarkDetails.MMLU).toBe(88.7);
    expect(gpt.releaseDate).toBe("2024-05-13");
    expect(gpt.viewer).toBeNull();
    expect(gpt.similar.length).toBeGreaterThan(0);
    expect(gpt.similar.every((s) => s.category === "Language Models" && s.id !== gpt.id)).toBe(true);
  });
});

describe("directory filters, sorts and search", () => {
  it("filters by category and by several pricing values, combinable", async () => {
    const images = await list(`?limit=100&category=${encodeURIComponent("Image Generation")}`);
    expect(images.length).toBe(catalog.filter((c) => c.category === "Image Generation").length);
    expect(images.every((m) => m.category === "Image Generation")).toBe(true);

    const freeOrPaid = await list("?limit=100&pricing=Free,Paid");
    expect(freeOrPaid.length).toBe(
      catalog.filter((c) => c.pricing === "Free" || c.pricing === "Paid").length,
    );
    expect(freeOrPaid.every((m) => m.pricing === "Free" || m.pricing === "Paid")).toBe(true);

    const both = await list(`?limit=100&category=${encodeURIComponent("Code Generation")}&pricing=Free`);
    expect(both.map((m) => m.slug).sort()).toEqual(
      catalog
        .filter((c) => c.category === "Code Generation" && c.pricing === "Free")
        .map((c) => c.slug)
        .sort(),
    );
  });

  it.each([
    ["?category=Robots", "category must be one of: Language Models"],
    ["?pricing=Free,Cheap", "pricing must be a comma-separated list of: Free, Freemium, Paid, Enterprise"],
    ["?sort=random", "sort must be one of: rating, arena, likes, views, newest, alphabetical"],
    ["?limit=0", "limit must be at least 1"],
    ["?limit=500", "limit must be at most 100"],
    [`?search=${"x".repeat(101)}`, "search must be at most 100 characters"],
  ])("answers 400 naming the allowed values for %s", async (query, message) => {
    const res = await t.inject({ method: "GET", url: `/api/ai-models${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("sorts alphabetically and by newest release", async () => {
    const az = await list("?limit=100&sort=alphabetical");
    const names = az.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const newest = await list("?limit=100&sort=newest");
    const dates = newest.map((m) => m.releaseDate ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("pages with limit and cursor (the last id seen) without gaps or repeats, whatever the sort", async () => {
    for (const sort of ["alphabetical", "rating", "newest"]) {
      const seen: number[] = [];
      let cursor: number | undefined;
      for (let i = 0; i < 20; i++) {
        const page = await list(`?limit=7&sort=${sort}${cursor ? `&cursor=${cursor}` : ""}`);
        seen.push(...page.map((m) => m.id));
        if (page.length < 7) break;
        cursor = page[page.length - 1]!.id;
      }
      const full = await list(`?limit=100&sort=${sort}`);
      expect(seen).toEqual(full.map((m) => m.id));
    }
  });

  it('finds Llama for "lama" (trigram similarity), by company and by description words', async () => {
    const lama = await list("?search=lama");
    expect(lama.some((m) => m.name.startsWith("Llama"))).toBe(true);
    const anthropic = await list("?search=Anthropic");
    expect(anthropic.length).toBeGreaterThan(0);
    expect(anthropic.every((m) => m.company === "Anthropic")).toBe(true);
    const typo = await list("?search=clade");
    expect(typo.some((m) => m.company === "Anthropic")).toBe(true);
    const byDescription = await list(`?search=${encodeURIComponent("speech recognition")}`);
    expect(byDescription.some((m) => m.slug === "whisper-large-v3")).toBe(true);
    expect(await list(`?search=${encodeURIComponent("zzqqxxyy")}`)).toEqual([]);
    // Search combines with filters; odd characters are text, not syntax.
    const combined = await list(
      `?search=llama&pricing=Free&category=${encodeURIComponent("Language Models")}`,
    );
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.every((m) => m.pricing === "Free" && m.category === "Language Models")).toBe(true);
    for (const odd of ["%", "_", "\\", "'\"", "a & | ! b", "(", ":*"]) {
      const res = await t.inject({ method: "GET", url: `/api/ai-models?search=${encodeURIComponent(odd)}` });
      expect(res.statusCode, odd).toBe(200);
    }
  });
});

describe("detail, views, likes and bookmarks", () => {
  it("answers 404 'Model not found' for an unknown or malformed slug", async () => {
    // Issue 25: a slug past the router's 200-character limit answered an undocumented 414.
    for (const slug of [
      "no-such-model",
      "GPT-4o",
      "a%20b",
      "x".repeat(150),
      "x".repeat(201),
      "x".repeat(3000),
    ]) {
      for (const suffix of ["", "/comments", "/reviews"]) {
        const res = await t.inject({ method: "GET", url: `/api/ai-models/${slug}${suffix}` });
        expect(res.statusCode, slug).toBe(404);
        expect(res.json().message).toBe("Model not found");
      }
    }
    expect((await t.inject({ method: "GET", url: "/api/ai-models/no-such-model/comments" })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: "GET", url: "/api/ai-models/no-such-model/reviews" })).statusCode).toBe(
      404,
    );
  });

  it("counts at most one view per visitor per model per hour, whatever the reload storm", async () => {
    const start = new Date("2030-01-01T10:00:00Z");
    t.setNow(start);
    t.app.publicCache.clear();
    // The stored counter once the held views are written (decision 0128).
    const stored = async () => {
      await t.ctx.buffers.flush();
      t.app.publicCache.clear();
      const { views } = (await t.inject({ method: "GET", url: "/api/ai-models?limit=100" }))
        .json<ModelSummary[]>()
        .find((m) => m.slug === "bark")!;
      t.app.publicCache.clear();
      return views;
    };
    try {
      const ua = { "user-agent": "storm-browser/1.0" };
      const before = await stored();
      // The visitor's own view shows at once, before it is written.
      expect((await detail("bark", undefined, ua)).views).toBe(before + 1);
      await Promise.all(Array.from({ length: 10 }, () => detail("bark", undefined, ua)));
      expect(await stored()).toBe(before + 1);
      // Another visitor (other browser) counts once too, answered from the cache or not.
      await detail("bark", undefined, { "user-agent": "other-browser/2.0" });
      await detail("bark", undefined, { "user-agent": "other-browser/2.0" });
      expect(await stored()).toBe(before + 2);
      const member = await t.register();
      expect((await detail("bark", member)).views).toBe(before + 3);
      expect((await detail("bark", member)).views).toBe(before + 3);
      expect(await stored()).toBe(before + 3);
      t.setNow(new Date(start.getTime() + 59 * 60 * 1000));
      await detail("bark", undefined, ua);
      expect(await stored()).toBe(before + 3);
      t.setNow(new Date(start.getTime() + 61 * 60 * 1000));
      await detail("bark", undefined, ua);
      expect(await stored()).toBe(before + 4);
    } finally {
      t.setNow(undefined);
    }
  });

  it("a model page read writes nothing: views are held and written in one batch (decision 0128)", async () => {
    // An app whose timer never fires during the test: only the explicit flush writes.
    const app = await createTestApp({ viewFlushMs: 3_600_000 });
    try {
      await app.seed();
      const stored = async () =>
        (
          await queryRows<{ views: number; marks: number }>(
            app.ctx.db,
            sql`SELECT views, (SELECT count(*)::int FROM model_views v WHERE v.model_id = m.id) AS marks
                  FROM ai_models m WHERE slug = 'bark'`,
          )
        )[0];
      const before = await stored();
      const open = async (headers: Record<string, string>) => {
        const res = await app.inject({ method: "GET", url: "/api/ai-models/bark", headers });
        expect(res.statusCode).toBe(200);
        return res.json<AiModelDetail>().views;
      };
      expect(await open({ "user-agent": "held-1" })).toBe(before!.views + 1);
      await open({ "user-agent": "held-2" }); // answered from the cache, held all the same
      await open({ "user-agent": "held-1" }); // counted already this hour
      expect(await stored()).toEqual(before);
      await app.ctx.buffers.flush();
      expect(await stored()).toEqual({ views: before!.views + 2, marks: before!.marks + 2 });
      // Written already: the same visitors this hour are not held again.
      await open({ "user-agent": "held-2" });
      await app.ctx.buffers.flush();
      expect((await stored())!.views).toBe(before!.views + 2);
    } finally {
      await app.close();
    }
  });

  it("needs a session to like, bookmark, comment or rate (401 with the spec's messages)", async () => {
    const id = await idOf("gpt-4o");
    const like = await t.inject({ method: "POST", url: `/api/ai-models/${id}/like` });
    expect(like.statusCode).toBe(401);
    expect((await t.inject({ method: "POST", url: `/api/ai-models/${id}/bookmark` })).statusCode).toBe(401);
    const comment = await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/comments`,
      payload: { content: "hi there" },
    });
    expect(comment.statusCode).toBe(401);
    expect(comment.json().message).toBe("Please log in to comment");
    const rate = await t.inject({ method: "POST", url: `/api/ai-models/${id}/rate`, payload: { rating: 5 } });
    expect(rate.statusCode).toBe(401);
    expect(rate.json().message).toBe("Please log in to rate");
    expect((await t.inject({ method: "GET", url: "/api/saved" })).statusCode).toBe(401);
  });

  it("toggles a like, keeps one like per member, and the count exact", async () => {
    const id = await idOf("mixtral-8x7b");
    const a = await t.register();
    const b = await t.register();
    const on = await t.inject({ method: "POST", url: `/api/ai-models/${id}/like`, as: a });
    expect(on.json()).toEqual({ liked: true, likes: 1 });
    const off = await t.inject({ method: "POST", url: `/api/ai-models/${id}/like`, as: a });
    expect(off.json()).toEqual({ liked: false, likes: 0 });
    // Setting the state is idempotent, even when sent many times at once.
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.inject({ method: "POST", url: `/api/ai-models/${id}/like`, payload: { liked: true }, as: a }),
      ),
    );
    expect(burst.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true);
    await t.inject({ method: "POST", url: `/api/ai-models/${id}/like`, payload: { liked: true }, as: b });
    const m = await detail("mixtral-8x7b", a);
    expect(m.likes).toBe(2);
    expect(m.viewer).toMatchObject({ liked: true, bookmarked: false, rating: null });
    expect((await detail("mixtral-8x7b", b)).viewer?.liked).toBe(true);
    const unknown = await t.inject({ method: "POST", url: "/api/ai-models/999999/like", as: a });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.inject({ method: "POST", url: "/api/ai-models/abc/like", as: a });
    expect(bad.statusCode).toBe(400);
    const extra = await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/like`,
      payload: { liked: true, x: 1 },
      as: a,
    });
    expect(extra.statusCode).toBe(400);
  });

  it("sorts by likes and views once members have been active", async () => {
    const byLikes = await list("?limit=3&sort=likes");
    expect(byLikes[0]!.slug).toBe("mixtral-8x7b");
    const byViews = await list("?limit=100&sort=views");
    const views = byViews.map((m) => m.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(views[0]).toBeGreaterThan(0);
  });

  it("bookmarks idempotently and lists them on /api/saved, newest first", async () => {
    const member = await t.register();
    const empty = await t.inject({ method: "GET", url: "/api/saved", as: member });
    expect(empty.json()).toEqual({ models: [] });
    const first = await idOf("musicgen");
    const second = await idOf("sora");
    const r1 = await t.inject({ method: "POST", url: `/api/ai-models/${first}/bookmark`, as: member });
    expect(r1.json()).toMatchObject({ bookmarked: true, bookmarks: 1 });
    await t.inject({
      method: "POST",
      url: `/api/ai-models/${second}/bookmark`,
      payload: { bookmarked: true },
      as: member,
    });
    await t.inject({
      method: "POST",
      url: `/api/ai-models/${second}/bookmark`,
      payload: { bookmarked: true },
      as: member,
    });
    const saved = await t.inject({ method: "GET", url: "/api/saved", as: member });
    expect(saved.json().models.map((m: ModelSummary) => m.slug)).toEqual(["sora", "musicgen"]);
    const page = await t.inject({ method: "GET", url: `/api/saved?limit=1&cursor=${second}`, as: member });
    expect(page.json().models.map((m: ModelSummary) => m.slug)).toEqual(["musicgen"]);
    const off = await t.inject({ method: "POST", url: `/api/ai-models/${first}/bookmark`, as: member });
    expect(off.json()).toMatchObject({ bookmarked: false, bookmarks: 0 });
    const after = await t.inject({ method: "GET", url: "/api/saved", as: member });
    expect(after.json().models.map((m: ModelSummary) => m.slug)).toEqual(["sora"]);
    expect((await detail("sora", member)).viewer?.bookmarked).toBe(true);
  });
});

describe("ratings and reviews", () => {
  it("keeps rating and reviewCount exact under 10 concurrent ratings", async () => {
    const id = await idOf("gemma-2-27b");
    const members = await Promise.all(Array.from({ length: 10 }, () => t.register()));
    const stars = [5, 4, 3, 5, 1, 2, 5, 4, 4, 3]; // mean 3.6
    const results = await Promise.all(
      members.map((m, i) =>
        t.inject({ method: "POST", url: `/api/ai-models/${id}/rate`, payload: { rating: stars[i] }, as: m }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const m = await detail("gemma-2-27b");
    expect(m.reviewCount).toBe(10);
    expect(m.rating).toBe(3.6);
    // Re-rating replaces: 10 members re-rate 1 at once -> mean 1, still 10 ratings.
    await Promise.all(
      members.map((mem) =>
        t.inject({
          method: "POST",
          url: `/api/ai-models/${id}/rate`,
          payload: { rating: 1, review: "Changed my mind" },
          as: mem,
        }),
      ),
    );
    const after = await detail("gemma-2-27b", members[0]);
    expect(after).toMatchObject({ reviewCount: 10, rating: 1 });
    expect(after.viewer).toMatchObject({ rating: 1, review: "Changed my mind" });
  });

  it("validates the rating form with the spec's message", async () => {
    const id = await idOf("gemma-2-27b");
    const member = await t.register();
    for (const [payload, message] of [
      [{}, "Please select a rating"],
      [{ rating: 0 }, "Please select a rating"],
      [{ rating: 6 }, "Rating must be at most 5"],
      [{ rating: 2.5 }, "Rating must be a whole number from 1 to 5"],
      [{ rating: "5" }, "Please select a rating"],
      [{ rating: 4, review: "x".repeat(2001) }, "Review must be at most 2000 characters"],
      [{ rating: 4, userId: 1 }, "Unknown field"],
    ] as const) {
      const res = await t.inject({ method: "POST", url: `/api/ai-models/${id}/rate`, payload, as: member });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const ok = await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/rate`,
      payload: { rating: 4 },
      as: member,
    });
    expect(ok.json()).toMatchObject({ rating: 4, review: null, reviewCount: 11 });
    const unknown = await t.inject({
      method: "POST",
      url: "/api/ai-models/999999/rate",
      payload: { rating: 4 },
      as: member,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists reviews newest first with their text, paginated", async () => {
    const id = await idOf("qwen2-5-72b");
    const a = await t.register();
    const b = await t.register();
    await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/rate`,
      payload: { rating: 5, review: "Excellent at maths" },
      as: a,
    });
    await t.inject({ method: "POST", url: `/api/ai-models/${id}/rate`, payload: { rating: 3 }, as: b });
    const res = await t.inject({ method: "GET", url: "/api/ai-models/qwen2-5-72b/reviews" });
    const reviews: ModelReview[] = res.json();
    expect(reviews.map((r) => [r.author.username, r.rating, r.review])).toEqual([
      [b.username, 3, null],
      [a.username, 5, "Excellent at maths"],
    ]);
    const page2 = await t.inject({
      method: "GET",
      url: `/api/ai-models/qwen2-5-72b/reviews?limit=1&cursor=${reviews[0]!.id}`,
    });
    expect(page2.json().map((r: ModelReview) => r.author.username)).toEqual([a.username]);
    // Re-rating makes the member's review the newest.
    await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/rate`,
      payload: { rating: 4, review: "Still great" },
      as: a,
    });
    const again: ModelReview[] = (
      await t.inject({ method: "GET", url: "/api/ai-models/qwen2-5-72b/reviews" })
    ).json();
    expect(again.map((r) => r.author.username)).toEqual([a.username, b.username]);
    expect(again[0]!.review).toBe("Still great");
  });

  it("splits the members' average by generation, only for generations with at least 3 ratings", async () => {
    const id = await idOf("flux-1-dev");
    const genz = await Promise.all([1, 2, 3].map(() => t.register({ generation: "genz" })));
    const boomers = await Promise.all([1, 2].map(() => t.register({ generation: "boomer" })));
    const ratings = [5, 4, 4];
    await Promise.all(
      genz.map((m, i) =>
        t.inject({
          method: "POST",
          url: `/api/ai-models/${id}/rate`,
          payload: { rating: ratings[i] },
          as: m,
        }),
      ),
    );
    await Promise.all(
      boomers.map((m) =>
        t.inject({ method: "POST", url: `/api/ai-models/${id}/rate`, payload: { rating: 2 }, as: m }),
      ),
    );
    const m = await detail("flux-1-dev");
    expect(m.ratingsByGeneration).toEqual([{ generation: "genz", average: 4.33, count: 3 }]);
    expect(m.reviewCount).toBe(5);
    const compared: AiModel[] = (
      await t.inject({ method: "GET", url: `/api/ai-models/compare?models=${id}` })
    ).json();
    expect(compared[0]!.ratingsByGeneration).toEqual([{ generation: "genz", average: 4.33, count: 3 }]);
  });

  it("sorts Top Rated by the Bayesian score (decision 0097), unrated models last", async () => {
    const top = await list("?limit=5&sort=rating");
    const scores = top.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(top[0]!.rating).toBeGreaterThan(0);
    for (const m of top) expect(m.score === 0).toBe(m.reviewCount === 0);
  });
});

describe("comments", () => {
  it("needs non-empty text, lists newest first, and announces model.commented", async () => {
    const id = await idOf("codestral");
    const member = await t.register();
    for (const content of ["", "   "]) {
      const res = await t.inject({
        method: "POST",
        url: `/api/ai-models/${id}/comments`,
        payload: { content },
        as: member,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Comment cannot be empty");
    }
    expect(
      (await t.inject({ method: "POST", url: `/api/ai-models/${id}/comments`, payload: {}, as: member }))
        .statusCode,
    ).toBe(400);
    await t.inject({ method: "POST", url: `/api/ai-models/${id}/rate`, payload: { rating: 4 }, as: member });
    const first = await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/comments`,
      payload: { content: "  Great for autocomplete in my editor  " },
      as: member,
    });
    expect(first.statusCode).toBe(201);
    const c1: ModelComment = first.json();
    expect(c1).toMatchObject({
      content: "Great for autocomplete in my editor",
      rating: 4,
      likes: 0,
      isOwn: true,
    });
    expect(c1.author.username).toBe(member.username);
    expect(commented).toContainEqual({ actorId: member.id, modelId: id, commentId: c1.id });
    const second = await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/comments`,
      payload: { content: "Fill-in-the-middle works very well" },
      as: member,
    });
    const listed: ModelComment[] = (
      await t.inject({ method: "GET", url: "/api/ai-models/codestral/comments" })
    ).json();
    expect(listed.map((c) => c.id)).toEqual([second.json().id, c1.id]);
    expect(listed[0]!.isOwn).toBe(false);

    // Comment likes toggle and stay exact.
    const other = await t.register();
    const liked = await t.inject({ method: "POST", url: `/api/ai-models/comments/${c1.id}/like`, as: other });
    expect(liked.json()).toEqual({ liked: true, likes: 1 });
    const mine: ModelComment[] = (
      await t.inject({ method: "GET", url: "/api/ai-models/codestral/comments", as: other })
    ).json();
    expect(mine.find((c) => c.id === c1.id)).toMatchObject({ liked: true, likes: 1 });

    // Only the author (or an admin) deletes a comment.
    expect(
      (await t.inject({ method: "DELETE", url: `/api/ai-models/comments/${c1.id}`, as: other })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: "DELETE", url: `/api/ai-models/comments/${c1.id}`, as: member })).statusCode,
    ).toBe(200);
    const remaining: ModelComment[] = (
      await t.inject({ method: "GET", url: "/api/ai-models/codestral/comments" })
    ).json();
    expect(remaining.map((c) => c.id)).toEqual([second.json().id]);
  });

  it("moderates comments like the rest of the community (422)", async () => {
    const id = await idOf("codestral");
    const member = await t.register();
    const res = await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/comments`,
      payload: { content: "ok" },
      as: member,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain("too short");
    const long = await t.inject({
      method: "POST",
      url: `/api/ai-models/${id}/comments`,
      payload: { content: "x".repeat(2001) },
      as: member,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe("compare", () => {
  it("answers models in the asked order, ignoring unknown ids and duplicates, at most 3", async () => {
    const [a, b, c, d] = await Promise.all(["gpt-4o", "sora", "bark", "veo"].map(idOf));
    const get = async (models: string) => {
      const res = await t.inject({
        method: "GET",
        url: `/api/ai-models/compare?models=${encodeURIComponent(models)}`,
      });
      return res;
    };
    const ordered: AiModel[] = (await get(`${c},${a}`)).json();
    expect(ordered.map((m) => m.slug)).toEqual(["bark", "gpt-4o"]);
    expect(ordered[0]!.features.length).toBeGreaterThan(0);
    expect((await get(`${b},999999,${a}`)).json().map((m: AiModel) => m.slug)).toEqual(["sora", "gpt-4o"]);
    expect((await get(`${a},${a},${b}`)).json().map((m: AiModel) => m.slug)).toEqual(["gpt-4o", "sora"]);
    expect((await get(`${a},${b},${c},${d}`)).json().map((m: AiModel) => m.slug)).toEqual([
      "gpt-4o",
      "sora",
      "bark",
    ]);
    expect((await get("999998,999999")).json()).toEqual([]);
    expect((await get("")).json()).toEqual([]);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(",");
    const many = await get(hundred);
    expect(many.statusCode).toBe(200);
    expect(many.json().length).toBeLessThanOrEqual(3);
    for (const bad of ["abc", "1,x", "-1", "1,-2", "0", "1.5", "99999999999"]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain("models must be a comma-separated list");
    }
    expect((await t.inject({ method: "GET", url: "/api/ai-models/compare" })).json()).toEqual([]);
  });
});

describe("feed rating posts", () => {
  async function ratingPost(member: TestMember, body: Record<string, unknown>) {
    const res = await t.inject({ method: "POST", url: "/api/posts", payload: body, as: member });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  const reviewsOf = async (slug: string): Promise<ModelReview[]> =>
    (await t.inject({ method: "GET", url: `/api/ai-models/${slug}/reviews` })).json();

  it("turns a rating post into the member's rating, and deleting the post removes it", async () => {
    const member = await t.register();
    const before = await detail("claude-3-5-sonnet");
    const postId = await ratingPost(member, {
      content: "Claude writes wonderful prose",
      aiModel: "claude",
      rating: 4,
    });
    const after = await detail("claude-3-5-sonnet", member);
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.viewer).toMatchObject({ rating: 4, review: "Claude writes wonderful prose" });
    expect((await reviewsOf("claude-3-5-sonnet"))[0]).toMatchObject({
      rating: 4,
      review: "Claude writes wonderful prose",
      postId,
      author: { username: member.username },
    });
    const del = await t.inject({ method: "DELETE", url: `/api/posts/${postId}`, as: member });
    expect(del.statusCode).toBe(200);
    const gone = await detail("claude-3-5-sonnet", member);
    expect(gone.reviewCount).toBe(before.reviewCount);
    expect(gone.rating).toBe(before.rating);
    expect(gone.viewer?.rating).toBeNull();
  });

  it("keeps a later rating from the model page when the older post is deleted", async () => {
    const member = await t.register();
    const id = await idOf("llama-3-1-405b");
    const postId = await ratingPost(member, {
      content: "Open weights, strong results",
      aiModel: "llama",
      rating: 3,
    });
    await t.inject({ method: "POST", url: `/api/ai-models/${id}/rate`, payload: { rating: 5 }, as: member });
    await t.inject({ method: "DELETE", url: `/api/posts/${postId}`, as: member });
    expect((await detail("llama-3-1-405b", member)).viewer?.rating).toBe(5);
  });

  it("hides the author of a review that came from an anonymous post", async () => {
    const member = await t.register();
    await ratingPost(member, {
      content: "Gemini handles my long PDFs",
      aiModel: "gemini",
      rating: 5,
      isAnonymous: true,
    });
    const [latest] = await reviewsOf("gemini-1-5-pro");
    expect(latest).toMatchObject({ rating: 5, postId: null, author: { id: null, username: "Anonymous" } });
    expect(JSON.stringify(latest)).not.toContain(member.username);
  });

  it("ignores rating posts about a model outside the directory", async () => {
    const member = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: "Some other model I tried", aiModel: "other", rating: 2 },
      as: member,
    });
    expect(res.statusCode).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AiModelDetail,
  FEW_RATINGS_MIN,
  type ModelReview,
  type ModelSummary,
} from "../../../common/ai-models";
import { AUTO_HIDE_THRESHOLD } from "../../../common/reports";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

/**
 * Issue 23 items 1–3: structured reviews, helpful votes and their orders, the star distribution
 * and the honest (Bayesian) ranking, on a database of its own (the ranking depends on every
 * rating of the site).
 */
let t: TestApp;
let tag = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
});
afterAll(async () => t?.close());

async function detail(slug: string, as?: TestMember): Promise<AiModelDetail> {
  const res = await t.inject({ method: "GET", url: `/api/ai-models/${slug}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function reviews(slug: string, query = "", as?: TestMember): Promise<ModelReview[]> {
  const res = await t.inject({ method: "GET", url: `/api/ai-models/${slug}/reviews${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function rate(as: TestMember, modelId: number, body: Record<string, unknown>) {
  return t.inject({ method: "POST", url: `/api/ai-models/${modelId}/rate`, payload: body, as });
}

async function vote(as: TestMember | undefined, reviewId: number, body?: Record<string, unknown>) {
  return t.inject({
    method: "POST",
    url: `/api/ai-models/reviews/${reviewId}/helpful`,
    payload: body,
    as,
  });
}

/** Members made directly in the database (hundreds of ratings without hundreds of sign-ups). */
async function bulkRatings(modelSlug: string, stars: number[]): Promise<void> {
  tag += 1;
  const prefix = `bulk${tag}x`;
  await t.exec(
    `INSERT INTO users (username, email, password_hash)
       SELECT '${prefix}' || g, '${prefix}' || g || '@example.test', 'x' FROM generate_series(1, ${stars.length}) g`,
  );
  const values = stars.map((s, i) => `('${prefix}${i + 1}', ${s})`).join(", ");
  await t.exec(
    `INSERT INTO model_ratings (model_id, user_id, rating)
       SELECT m.id, u.id, v.stars FROM (VALUES ${values}) AS v(username, stars)
       JOIN users u ON u.username = v.username
       JOIN ai_models m ON m.slug = '${modelSlug}'`,
  );
}

describe("structured reviews", () => {
  it("saves rating, pros, cons, tasks, duration and version; a new review replaces the old", async () => {
    const member = await t.register();
    const model = await detail("claude-3-5-sonnet");
    const res = await rate(member, model.id, {
      rating: 4,
      review: "Great for long documents.",
      pros: "  Careful reasoning  ",
      cons: "Slow at peak times",
      usedFor: ["Coding", "Writing", "Coding"],
      usageDuration: "1-6-months",
      modelVersion: "  3.5   Sonnet (June) ",
    });
    expect(res.statusCode, res.body).toBe(200);
    let mine = (await reviews(model.slug, "?sort=newest", member)).find((r) => r.isOwn);
    expect(mine).toMatchObject({
      rating: 4,
      review: "Great for long documents.",
      pros: "Careful reasoning",
      cons: "Slow at peak times",
      usedFor: ["Coding", "Writing"],
      usageDuration: "1-6-months",
      modelVersion: "3.5 Sonnet (June)",
      helpful: 0,
      votedHelpful: false,
      isOwn: true,
    });
    expect((await rate(member, model.id, { rating: 2 })).statusCode).toBe(200);
    const all = await reviews(model.slug, "?sort=newest&limit=50", member);
    const own = all.filter((r) => r.isOwn);
    expect(own).toHaveLength(1);
    mine = own[0];
    expect(mine).toMatchObject({ rating: 2, pros: null, cons: null, usedFor: [], modelVersion: null });
  });

  it("refuses bad input with 400 and a clear message", async () => {
    const member = await t.register();
    const { id } = await detail("gpt-4o");
    const bad: Record<string, unknown>[] = [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: 4, usedFor: ["Juggling"] },
      { rating: 4, usedFor: "Coding" },
      { rating: 4, usageDuration: "forever" },
      { rating: 4, pros: "x".repeat(1001) },
      { rating: 4, cons: 5 },
      { rating: 4, modelVersion: "v".repeat(61) },
      { rating: 4, modelVersion: "bad\u0007version" },
      { rating: 4, unknown: true },
    ];
    for (const body of bad) {
      const res = await rate(member, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBeTruthy();
      expect(res.json().error ?? res.json().message).toBeTruthy();
    }
    const q = await t.inject({ method: "GET", url: "/api/ai-models/gpt-4o/reviews?sort=best" });
    expect(q.statusCode).toBe(400);
    const g = await t.inject({ method: "GET", url: "/api/ai-models/gpt-4o/reviews?generation=alpha" });
    expect(g.statusCode).toBe(400);
  });

  it("needs a session to review or vote", async () => {
    const { id } = await detail("gpt-4o");
    expect(
      (await t.inject({ method: "POST", url: `/api/ai-models/${id}/rate`, payload: { rating: 3 } }))
        .statusCode,
    ).toBe(401);
    expect((await vote(undefined, 1)).statusCode).toBe(401);
  });

  it("keeps the author of a stealth review hidden, even from the helpful count", async () => {
    const author = await t.register();
    const reader = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: "Gemini reads my long PDFs well", aiModel: "gemini", rating: 5, isAnonymous: true },
      as: author,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [stealth] = await reviews("gemini-1-5-pro", "?sort=newest", reader);
    expect(stealth).toMatchObject({ rating: 5, author: { id: null, username: "Anonymous" }, isOwn: false });
    expect(JSON.stringify(stealth)).not.toContain(author.username);
    expect((await vote(reader, stealth!.id)).json()).toEqual({ helpful: true, helpfulCount: 1 });
    // Its author cannot vote it up either.
    expect((await vote(author, stealth!.id)).statusCode).toBe(400);
  });
});

describe("helpful votes", () => {
  it("counts once per member, never the author's own, and can be taken back", async () => {
    const author = await t.register();
    const voter = await t.register();
    const { id, slug } = await detail("mistral-large-2");
    expect((await rate(author, id, { rating: 5, pros: "Fast" })).statusCode).toBe(200);
    const review = (await reviews(slug, "?sort=newest", author)).find((r) => r.isOwn)!;

    const own = await vote(author, review.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe("own_review");

    expect((await vote(voter, review.id)).json()).toEqual({ helpful: true, helpfulCount: 1 });
    // Idempotent: the same vote again changes nothing.
    expect((await vote(voter, review.id, { helpful: true })).json()).toEqual({
      helpful: true,
      helpfulCount: 1,
    });
    const seen = (await reviews(slug, "?sort=newest", voter)).find((r) => r.id === review.id)!;
    expect(seen).toMatchObject({ helpful: 1, votedHelpful: true, isOwn: false });
    expect((await vote(voter, review.id, { helpful: false })).json()).toEqual({
      helpful: false,
      helpfulCount: 0,
    });
    expect((await vote(voter, review.id, { helpful: false })).json()).toEqual({
      helpful: false,
      helpfulCount: 0,
    });

    expect((await vote(voter, 2_000_000_000)).statusCode).toBe(404);
    expect((await vote(voter, review.id, { helpful: "yes" })).statusCode).toBe(400);
  });

  it("counts concurrent votes exactly (one member many times, many members at once)", async () => {
    const author = await t.register();
    const { id, slug } = await detail("llama-3-1-405b");
    expect((await rate(author, id, { rating: 4 })).statusCode).toBe(200);
    const review = (await reviews(slug, "?sort=newest", author)).find((r) => r.isOwn)!;
    const one = await t.register();
    const same = await Promise.all(Array.from({ length: 6 }, () => vote(one, review.id)));
    for (const r of same) expect(r.statusCode, r.body).toBe(200);
    const voters = await Promise.all(Array.from({ length: 5 }, () => t.register()));
    const many = await Promise.all(voters.map((v) => vote(v, review.id)));
    for (const r of many) expect(r.statusCode, r.body).toBe(200);
    const after = (await reviews(slug, "?sort=newest")).find((r) => r.id === review.id)!;
    expect(after.helpful).toBe(6);
  });

  it("a deleted account takes its votes and its review out of every figure", async () => {
    const author = await t.register();
    const leaver = await t.register();
    const { id, slug } = await detail("codestral");
    await rate(author, id, { rating: 5 });
    await rate(leaver, id, { rating: 1 });
    const review = (await reviews(slug, "?sort=newest", author)).find((r) => r.isOwn)!;
    expect((await vote(leaver, review.id)).json()).toEqual({ helpful: true, helpfulCount: 1 });
    expect((await detail(slug)).ratingDistribution).toEqual([1, 0, 0, 0, 1]);
    const res = await t.inject({
      method: "DELETE",
      url: "/api/account",
      as: leaver,
      payload: { password: leaver.password, confirm: "DELETE" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(slug);
    expect(after).toMatchObject({ reviewCount: 1, rating: 5, ratingDistribution: [0, 0, 0, 0, 1] });
    expect((await reviews(slug)).find((r) => r.id === review.id)!.helpful).toBe(0);
  });

  it("a replaced review starts again without the old review's votes", async () => {
    const author = await t.register();
    const voter = await t.register();
    const { id, slug } = await detail("dall-e-3");
    await rate(author, id, { rating: 3 });
    const first = (await reviews(slug, "?sort=newest", author)).find((r) => r.isOwn)!;
    await vote(voter, first.id);
    await rate(author, id, { rating: 5 });
    const second = (await reviews(slug, "?sort=newest", author)).find((r) => r.isOwn)!;
    expect(second.id).not.toBe(first.id);
    expect(second.helpful).toBe(0);
    expect((await vote(voter, first.id)).statusCode).toBe(404);
  });
});

describe("orders, filters and pages of reviews", () => {
  const slug = "stable-diffusion-3-medium";
  const cast: TestMember[] = [];
  let modelId = 0;

  beforeAll(async () => {
    modelId = (await detail(slug)).id;
    for (let i = 0; i < 5; i++) cast.push(await t.register({ generation: i < 2 ? "genz" : "boomer" }));
    const stars = [3, 5, 1, 4, 2];
    const versions = ["3.0", "3.5", "3.5", null, "3.0"];
    for (const [i, m] of cast.entries()) {
      const res = await rate(m, modelId, { rating: stars[i], modelVersion: versions[i] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const ids = (await reviews(slug, "?sort=newest")).map((r) => r.id);
    // Helpful votes: the 1-star review (3rd) gets 3, the 4-star (4th) gets 1.
    const byRating = async (stars: number) =>
      (await reviews(slug, "?sort=newest")).find((r) => r.rating === stars)!.id;
    const oneStar = await byRating(1);
    const fourStar = await byRating(4);
    for (const v of [cast[0]!, cast[1]!, cast[3]!]) expect((await vote(v, oneStar)).statusCode).toBe(200);
    expect((await vote(cast[0]!, fourStar)).statusCode).toBe(200);
    expect(ids).toHaveLength(5);
  });

  it("sorts Most helpful by default, then Newest, Highest and Lowest", async () => {
    const helpful = await reviews(slug);
    expect(helpful.map((r) => r.rating)).toEqual([1, 4, 2, 5, 3]); // 3 votes, 1 vote, then newest first
    expect((await reviews(slug, "?sort=helpful")).map((r) => r.id)).toEqual(helpful.map((r) => r.id));
    expect((await reviews(slug, "?sort=newest")).map((r) => r.rating)).toEqual([2, 4, 1, 5, 3]);
    expect((await reviews(slug, "?sort=highest")).map((r) => r.rating)).toEqual([5, 4, 3, 2, 1]);
    expect((await reviews(slug, "?sort=lowest")).map((r) => r.rating)).toEqual([1, 2, 3, 4, 5]);
  });

  it("pages each order by keyset without gaps or repeats", async () => {
    for (const sort of ["helpful", "newest", "highest", "lowest"]) {
      const all = (await reviews(slug, `?sort=${sort}`)).map((r) => r.id);
      const seen: number[] = [];
      let cursor: number | undefined;
      for (;;) {
        const page = await reviews(slug, `?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        if (page.length === 0) break;
        seen.push(...page.map((r) => r.id));
        cursor = page.at(-1)!.id;
      }
      expect(seen, sort).toEqual(all);
    }
  });

  it("filters by generation and by version (any case)", async () => {
    expect((await reviews(slug, "?generation=genz&sort=highest")).map((r) => r.rating)).toEqual([5, 3]);
    expect((await reviews(slug, "?generation=boomer&sort=highest")).map((r) => r.rating)).toEqual([4, 2, 1]);
    expect((await reviews(slug, "?version=3.5&sort=highest")).map((r) => r.rating)).toEqual([5, 1]);
    expect((await reviews(slug, "?version=3.0&sort=lowest")).map((r) => r.modelVersion)).toEqual([
      "3.0",
      "3.0",
    ]);
    expect(await reviews(slug, "?version=9")).toEqual([]);
  });

  it("shows the star distribution of shown ratings on the model page", async () => {
    const m = await detail(slug);
    expect(m.ratingDistribution).toEqual([1, 1, 1, 1, 1]);
    expect(m.reviewCount).toBe(5);
    expect(m.rating).toBe(3);
  });
});

describe("moderation and concurrency of ratings", () => {
  it("leaves a hidden rating post out of the reviews, the distribution, the mean and the score", async () => {
    const slug = "gemini-1-5-pro";
    const author = await t.register();
    const before = await detail(slug);
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: "Gemini was terrible for me", aiModel: "gemini", rating: 1 },
      as: author,
    });
    expect(res.statusCode, res.body).toBe(201);
    const postId = res.json().id as number;
    const rated = await detail(slug);
    expect(rated.ratingDistribution[0]).toBe(before.ratingDistribution[0]! + 1);
    for (let i = 0; i < AUTO_HIDE_THRESHOLD; i++) {
      const reporter = await t.register();
      const r = await t.inject({
        method: "POST",
        url: "/api/reports",
        as: reporter,
        payload: { targetType: "post", targetId: postId, reason: "harassment" },
      });
      expect(r.statusCode, r.body).toBeLessThan(300);
    }
    const after = await detail(slug);
    expect(after.ratingDistribution).toEqual(before.ratingDistribution);
    expect(after.reviewCount).toBe(before.reviewCount);
    expect(after.rating).toBe(before.rating);
    expect(after.score).toBeCloseTo(before.score, 1);
    const listed = await reviews(slug, "?sort=lowest&limit=50");
    expect(listed.some((r) => r.review === "Gemini was terrible for me")).toBe(false);
  });

  it("leaves hidden rating posts out of the generation split, and puts them back when shown again", async () => {
    const genx = await Promise.all(Array.from({ length: 3 }, () => t.register({ generation: "genx" })));
    const postIds: number[] = [];
    for (const m of genx) {
      const res = await t.inject({
        method: "POST",
        url: "/api/posts",
        payload: { content: "Claude helps me draft letters", aiModel: "claude", rating: 4 },
        as: m,
      });
      expect(res.statusCode, res.body).toBe(201);
      postIds.push(res.json().id);
    }
    const split = async () =>
      (await detail("claude-3-5-sonnet")).ratingsByGeneration.find((g) => g.generation === "genx");
    expect(await split()).toEqual({ generation: "genx", average: 4, count: 3 });
    const reporters = await Promise.all(Array.from({ length: AUTO_HIDE_THRESHOLD }, () => t.register()));
    for (const reporter of reporters) {
      const r = await t.inject({
        method: "POST",
        url: "/api/reports",
        as: reporter,
        payload: { targetType: "post", targetId: postIds[0], reason: "spam" },
      });
      expect(r.statusCode, r.body).toBeLessThan(300);
    }
    // Two genx ratings remain shown: under the split's minimum of 3.
    expect(await split()).toBeUndefined();
    const admin = await t.register();
    await t.makeAdmin(admin);
    const dismissed = await t.inject({
      method: "POST",
      url: "/api/admin/reports/resolve",
      as: admin,
      payload: { action: "dismiss", targetType: "post", targetId: postIds[0] },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await split()).toEqual({ generation: "genx", average: 4, count: 3 });
  });

  it("keeps the figures exact when members rate one model at the same time", async () => {
    const slug = "whisper-large-v3";
    const { id } = await detail(slug);
    const members = await Promise.all(Array.from({ length: 6 }, () => t.register()));
    const results = await Promise.all(members.map((m, i) => rate(m, id, { rating: (i % 5) + 1 })));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    // And one member twice at once: one review remains.
    const twice = await Promise.all([
      rate(members[0]!, id, { rating: 5 }),
      rate(members[0]!, id, { rating: 5 }),
    ]);
    for (const r of twice) expect(r.statusCode, r.body).toBe(200);
    const m = await detail(slug);
    expect(m.reviewCount).toBe(6);
    expect(m.ratingDistribution).toEqual([1, 1, 1, 1, 2]);
    expect(m.rating).toBeCloseTo(20 / 6, 2);
    expect((await reviews(slug, "?limit=50")).length).toBe(6);
  });
});

describe("honest ranking", () => {
  it("ranks 200 × 4.6★ above 1 × 5★ in Top Rated, Explore and the comparison data", async () => {
    // 200 ratings of mean 4.6 (120 × 5★ + 80 × 4★), one 5★, and a site mean pulled lower by
    // 300 × 3★ elsewhere (the prior is the mean of every shown rating of the site).
    await bulkRatings("midjourney-v6", [...Array(120).fill(5), ...Array(79).fill(4)]);
    await bulkRatings("elevenlabs-multilingual-v2", Array(300).fill(3));
    const popular = await detail("midjourney-v6");
    const single = await detail("runway-gen-3-alpha");
    const rater = await t.register();
    // Real ratings through the API recompute each model and the site's prior.
    expect((await rate(rater, popular.id, { rating: 4 })).statusCode).toBe(200);
    const one = await t.register();
    expect((await rate(one, single.id, { rating: 5 })).statusCode).toBe(200);
    const other = await t.register();
    expect(
      (await rate(other, (await detail("elevenlabs-multilingual-v2")).id, { rating: 3 })).statusCode,
    ).toBe(200);

    const p = await detail("midjourney-v6");
    const s = await detail("runway-gen-3-alpha");
    expect(p.reviewCount).toBe(200);
    expect(p.rating).toBe(4.6);
    expect(s).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(s.reviewCount).toBeLessThan(FEW_RATINGS_MIN);
    // The plain mean favours the single 5★; the Bayesian score does not.
    expect(p.score).toBeGreaterThan(s.score);

    const res = await t.inject({ method: "GET", url: "/api/ai-models?sort=rating&limit=100" });
    const top: ModelSummary[] = res.json();
    const rank = (slug: string) => top.findIndex((m) => m.slug === slug);
    expect(rank("midjourney-v6")).toBeGreaterThanOrEqual(0);
    expect(rank("midjourney-v6")).toBeLessThan(rank("runway-gen-3-alpha"));
    // Unrated models come after every rated one.
    const firstUnrated = top.findIndex((m) => m.reviewCount === 0);
    if (firstUnrated >= 0) expect(top.slice(firstUnrated).every((m) => m.reviewCount === 0)).toBe(true);

    const explore = (await t.inject({ method: "GET", url: "/api/explore" })).json();
    const images = explore.topModels.find((g: { category: string }) => g.category === "Image Generation");
    const videos = explore.topModels.find((g: { category: string }) => g.category === "Video Generation");
    expect(images.models[0].slug).toBe("midjourney-v6");
    expect(videos.models[0].slug).toBe("runway-gen-3-alpha");

    const compared = (
      await t.inject({ method: "GET", url: `/api/ai-models/compare?models=${s.id},${p.id}` })
    ).json() as ModelSummary[];
    const best = compared.reduce((a, b) => (b.score > a.score ? b : a));
    expect(best.slug).toBe("midjourney-v6");
  });
});

import { describe, expect, it } from "vitest";
import {
  bayesianRating,
  benchmarkScoreOf,
  distributionStats,
  FEW_RATINGS_MIN,
  hasFewRatings,
  highestIndexes,
  parseCompareIds,
  pickBestValue,
  pickHighest,
  RATING_PRIOR_WEIGHT,
} from "./ai-models";

describe("benchmarkScoreOf", () => {
  it("is the mean of published percentages to one decimal, null without any", () => {
    expect(benchmarkScoreOf({ MMLU: 88.7, GPQA: 53.6, MATH: 76.6, HumanEval: 90.2, MGSM: 90.5 })).toBe(79.9);
    expect(benchmarkScoreOf({})).toBeNull();
    expect(benchmarkScoreOf({ bad: Number.NaN, ok: 40 })).toBe(40);
  });
});

describe("parseCompareIds", () => {
  it("keeps the asked order, drops duplicates and keeps at most 3", () => {
    expect(parseCompareIds("3,1,3,2,5")).toEqual([3, 1, 2]);
    expect(parseCompareIds(" 4 , 2 ,")).toEqual([4, 2]);
    expect(parseCompareIds("")).toEqual([]);
    expect(parseCompareIds(undefined)).toEqual([]);
  });
  it("refuses letters, negatives, zero and fractions", () => {
    for (const bad of ["a", "1,b", "-1", "0", "1.5", "1e3", "99999999999"])
      expect(parseCompareIds(bad)).toBeNull();
  });
});

describe("comparison summary", () => {
  const m = (
    name: string,
    pricing: "Free" | "Freemium" | "Paid" | "Enterprise",
    rating: number,
    likes = 0,
  ) => ({
    name,
    pricing,
    score: rating,
    likes,
  });
  it("Best Value is the first Free model, else the best price-weighted rating", () => {
    expect(pickBestValue([m("a", "Paid", 5), m("b", "Free", 1), m("c", "Free", 5)])?.name).toBe("b");
    // 4.5 × 0.75 = 3.375 < 4 × 0.9 = 3.6
    expect(pickBestValue([m("a", "Paid", 4.5), m("b", "Freemium", 4)])?.name).toBe("b");
    expect(pickBestValue([m("a", "Enterprise", 5), m("b", "Paid", 4.2)])?.name).toBe("b"); // 3.0 < 3.15
    expect(pickBestValue([m("a", "Paid", 0), m("b", "Enterprise", 0)])).toBeNull();
  });
  it("crowns nobody when every value is zero", () => {
    expect(pickHighest([m("a", "Paid", 0, 0), m("b", "Paid", 0, 0)], (x) => x.likes)).toBeNull();
    expect(pickHighest([m("a", "Paid", 0, 1), m("b", "Paid", 0, 3)], (x) => x.likes)?.name).toBe("b");
  });
  it("marks the highest cells of a row, none when all are equal or unknown", () => {
    expect([...highestIndexes([1, 3, 3])]).toEqual([1, 2]);
    expect([...highestIndexes([2, 2, 2])]).toEqual([]);
    expect([...highestIndexes([null, null])]).toEqual([]);
    expect([...highestIndexes([null, 50])]).toEqual([1]);
  });
});

describe("honest ranking (Bayesian average, decision 0097)", () => {
  // A site of 1 × 5★, 200 × 4.6★ and 300 × 3.5★: the prior is the mean of every rating.
  const one = distributionStats([0, 0, 0, 0, 1]);
  const many = { mean: 4.6, count: 200 };
  const prior = (5 + 200 * 4.6 + 300 * 3.5) / 501;

  it("ranks 200 × 4.6★ above a single 5★", () => {
    expect(one).toEqual({ mean: 5, count: 1 });
    const single = bayesianRating(one.mean, one.count, prior);
    const popular = bayesianRating(many.mean, many.count, prior);
    expect(popular).toBeGreaterThan(single);
    // The plain mean would have put the single 5★ first.
    expect(one.mean).toBeGreaterThan(many.mean);
  });

  it("is (n × mean + m × prior) / (n + m), with m published", () => {
    expect(RATING_PRIOR_WEIGHT).toBe(10);
    expect(bayesianRating(5, 1, 3.8)).toBeCloseTo((5 + 10 * 3.8) / 11, 10);
    expect(bayesianRating(4.6, 200, 3.8)).toBeCloseTo((920 + 38) / 210, 10);
    // Many ratings: the score tends to the mean; few: to the prior.
    expect(bayesianRating(4, 100_000, 3)).toBeCloseTo(4, 3);
    expect(bayesianRating(5, 1, 3, 1000)).toBeCloseTo(3, 2);
  });

  it("scores an unrated model 0 (after every rated one) and falls back to the mean without a prior", () => {
    expect(bayesianRating(0, 0, 4)).toBe(0);
    expect(bayesianRating(1, 1, 4)).toBeGreaterThan(0);
    expect(bayesianRating(4.5, 3, 0)).toBe(4.5);
  });

  it("marks few ratings under the published minimum", () => {
    expect(FEW_RATINGS_MIN).toBe(5);
    expect(hasFewRatings(0)).toBe(false);
    expect(hasFewRatings(1)).toBe(true);
    expect(hasFewRatings(FEW_RATINGS_MIN - 1)).toBe(true);
    expect(hasFewRatings(FEW_RATINGS_MIN)).toBe(false);
  });

  it("reads a star distribution", () => {
    expect(distributionStats([1, 0, 0, 0, 3])).toEqual({ mean: 4, count: 4 });
    expect(distributionStats([0, 0, 0, 0, 0])).toEqual({ mean: 0, count: 0 });
  });
});

import { describe, expect, it } from "vitest";
import { benchmarkScoreOf, highestIndexes, parseCompareIds, pickBestValue, pickHighest } from "./ai-models";

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
    rating,
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

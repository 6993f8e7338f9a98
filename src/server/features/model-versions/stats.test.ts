import { wilcoxonRankSum } from "simple-statistics";
import { describe, expect, it } from "vitest";
import { rankSumTest, ratingsChanged } from "./stats";

/** The ratings behind star counts, e.g. [0, 0, 1, 0, 2] → [3, 5, 5]. */
const expand = (counts: number[]) => counts.flatMap((c, i) => Array<number>(c).fill(i + 1));

/** A seeded PRNG (mulberry32): the same crafted samples every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` ratings drawn from a star distribution (probabilities of 1…5 stars), as counts. */
function draw(random: () => number, probabilities: number[], n: number): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    let r = random();
    let star = 0;
    while (star < 4 && r >= probabilities[star]!) r -= probabilities[star++]!;
    counts[star]! += 1;
  }
  return counts;
}

describe("rankSumTest (Mann–Whitney U, normal approximation with tie and continuity corrections)", () => {
  it("matches SciPy's mannwhitneyu(method='asymptotic', use_continuity=True) on tied star ratings", () => {
    // scipy.stats.mannwhitneyu([5]*8+[4]*2, [1]+[2]*3+[3]*4+[4]*2): U = 98, p = 0.000179695
    const a = rankSumTest([0, 0, 0, 2, 8], [1, 3, 4, 2, 0]);
    expect(a.u).toBe(98);
    expect(a.pValue).toBeCloseTo(0.000179695, 6);
    // scipy.stats.mannwhitneyu([3,4,5,5,4,3,5], [2,3,3,4,2,1]): U = 37, p = 0.0229394
    const b = rankSumTest([0, 0, 2, 2, 3], [1, 2, 2, 1, 0]);
    expect(b.u).toBe(37);
    expect(b.pValue).toBeCloseTo(0.0229394, 5);
    expect(b.z).toBeGreaterThan(0);
  });

  it("computes the same rank sum as simple-statistics' wilcoxonRankSum over the single ratings", () => {
    const random = prng(7);
    for (let k = 0; k < 25; k++) {
      const x = draw(random, [0.1, 0.2, 0.3, 0.2, 0.2], 1 + Math.floor(random() * 40));
      const y = draw(random, [0.3, 0.2, 0.2, 0.2, 0.1], 1 + Math.floor(random() * 40));
      const n1 = x.reduce((s, c) => s + c, 0);
      const rankSum = wilcoxonRankSum(expand(x), expand(y));
      expect(rankSumTest(x, y).u).toBeCloseTo(rankSum - (n1 * (n1 + 1)) / 2, 9);
    }
  });

  it("is symmetric and answers p = 1 when nothing can differ", () => {
    const a = rankSumTest([0, 1, 2, 3, 4], [4, 3, 2, 1, 0]);
    const b = rankSumTest([4, 3, 2, 1, 0], [0, 1, 2, 3, 4]);
    expect(a.pValue).toBeCloseTo(b.pValue, 12);
    expect(a.z).toBeCloseTo(-b.z, 12);
    expect(rankSumTest([0, 0, 0, 6, 0], [0, 0, 0, 9, 0]).pValue).toBe(1);
    expect(rankSumTest([0, 0, 0, 0, 0], [1, 2, 3, 4, 5]).pValue).toBe(1);
  });
});

describe("ratingsChanged (decision 0115: α = 0.05, at least 5 ratings a side)", () => {
  it("marks clearly different versions, with the direction", () => {
    expect(ratingsChanged([0, 0, 1, 2, 6], [2, 3, 3, 1, 0])).toMatchObject({ direction: "higher" });
    expect(ratingsChanged([3, 3, 1, 0, 0], [0, 0, 1, 3, 4])).toMatchObject({ direction: "lower" });
    const change = ratingsChanged([0, 0, 1, 2, 6], [2, 3, 3, 1, 0]);
    expect(change?.pValue).toBeLessThan(0.05);
  });

  it("does not mark the same distribution, a small difference, or too few ratings", () => {
    expect(ratingsChanged([1, 2, 4, 6, 3], [1, 2, 4, 6, 3])).toBeNull();
    expect(ratingsChanged([1, 2, 4, 6, 4], [1, 3, 4, 6, 3])).toBeNull();
    // Four against four, as different as can be: too few to tell.
    expect(ratingsChanged([0, 0, 0, 0, 4], [4, 0, 0, 0, 0])).toBeNull();
    expect(ratingsChanged([0, 0, 0, 0, 5], [5, 0, 0, 0, 0])).not.toBeNull();
  });

  it("rarely marks versions rated from one distribution, and nearly always a real shift", () => {
    const random = prng(2024);
    const same = [0.05, 0.1, 0.25, 0.35, 0.25];
    const worse = [0.2, 0.3, 0.3, 0.15, 0.05];
    let falseMarks = 0;
    let found = 0;
    const trials = 400;
    for (let i = 0; i < trials; i++) {
      if (ratingsChanged(draw(random, same, 30), draw(random, same, 30))) falseMarks++;
      if (ratingsChanged(draw(random, worse, 30), draw(random, same, 30))?.direction === "lower") found++;
    }
    // The level holds (about 5 % of chance alone, with room for the draw) and the power is high.
    expect(falseMarks / trials).toBeLessThan(0.08);
    expect(found / trials).toBeGreaterThan(0.9);
  });
});

import { describe, expect, it } from "vitest";
import {
  binomial,
  estimate,
  estimatePairs,
  fitBradleyTerry,
  fitPairs,
  type Game,
  pairTotals,
  kendallTau,
  rankSpread,
  seededRandom,
  toRating,
  winRateMatrix,
} from "./stats";

/** Games between every pair in turn, won with the Bradley–Terry probability of the true strengths. */
function tournament(truth: number[], games: number, random: () => number, tieShare = 0): Game[] {
  const out: Game[] = [];
  const n = truth.length;
  for (let k = 0; k < games; k++) {
    const a = Math.floor(random() * n);
    let b = Math.floor(random() * (n - 1));
    if (b >= a) b++;
    const p = 1 / (1 + Math.exp(truth[b]! - truth[a]!));
    const u = random();
    out.push({ a, b, score: u < tieShare ? 0.5 : random() < p ? 1 : 0 });
  }
  return out;
}

const centred = (xs: number[]) => {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  return xs.map((x) => x - mean);
};

function expand(wins: number[][]): Game[] {
  const games: Game[] = [];
  wins.forEach((row, i) => {
    row.forEach((w, j) => {
      for (let k = 0; k < w; k++) games.push({ a: i, b: j, score: 1 });
    });
  });
  return games;
}

describe("Bradley–Terry fit", () => {
  it("reproduces Agresti's 1987 American League East example (Categorical Data Analysis, Table 10.11)", () => {
    // Milwaukee, Detroit, Toronto, New York, Boston, Cleveland, Baltimore: wins of row over column.
    const wins = [
      [0, 7, 9, 7, 7, 9, 11],
      [6, 0, 7, 5, 11, 9, 9],
      [4, 6, 0, 7, 7, 8, 12],
      [6, 8, 6, 0, 6, 7, 10],
      [6, 2, 6, 7, 0, 7, 12],
      [4, 4, 5, 6, 6, 0, 6],
      [2, 4, 1, 3, 1, 7, 0],
    ];
    const theta = fitBradleyTerry(7, expand(wins), { priorGames: 0 });
    const vsBaltimore = theta.map((t) => Number((t - theta[6]!).toFixed(2)));
    // Agresti's published log-strengths with Baltimore as the baseline.
    expect(vsBaltimore).toEqual([1.58, 1.44, 1.29, 1.25, 1.11, 0.68, 0]);
  });

  it("recovers known strengths from a synthetic tournament, each inside its 95% interval", () => {
    const truth = centred([1.2, 0.6, 0.2, 0, -0.5, -1.5]);
    const games = tournament(truth, 6000, seededRandom(7));
    // The seed of the bootstrap draws (their sequence changed with the pair totals, decision 0109).
    const fit = estimate(truth.length, games, { resamples: 200, seed: 4, priorGames: 1 });
    fit.forEach((m, i) => {
      expect(Math.abs(m.theta - truth[i]!)).toBeLessThan(0.12);
      expect(m.lower).toBeLessThanOrEqual(truth[i]!);
      expect(m.upper).toBeGreaterThanOrEqual(truth[i]!);
    });
    expect(fit.map((m) => m.rank)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("covers about 95% of true strengths over many seeded synthetic tournaments", () => {
    const random = seededRandom(2026);
    let inside = 0;
    let total = 0;
    for (let t = 0; t < 50; t++) {
      const truth = centred(Array.from({ length: 5 }, () => (random() - 0.5) * 2));
      const games = tournament(truth, 1000, random);
      const fit = estimate(truth.length, games, { resamples: 200, seed: t + 1 });
      fit.forEach((m, i) => {
        total++;
        if (m.lower <= truth[i]! && truth[i]! <= m.upper) inside++;
      });
    }
    const coverage = inside / total;
    expect(coverage).toBeGreaterThan(0.9);
    expect(coverage).toBeLessThan(0.99);
  });

  it("counts a tie as half a win: all ties give equal strengths", () => {
    const games: Game[] = Array.from({ length: 40 }, (_, k) => ({ a: k % 3, b: (k + 1) % 3, score: 0.5 }));
    for (const t of fitBradleyTerry(3, games)) expect(Math.abs(t)).toBeLessThan(1e-6);
    // One win and one tie against the same opponent: 1.5 of 2 games.
    const [a, b] = fitBradleyTerry(
      2,
      [
        { a: 0, b: 1, score: 1 },
        { a: 0, b: 1, score: 0.5 },
      ],
      { priorGames: 0 },
    );
    expect(a! - b!).toBeCloseTo(Math.log(3), 6);
  });

  it("keeps a model with only wins or only losses finite, and ordered", () => {
    const games: Game[] = [];
    for (let k = 0; k < 50; k++) {
      games.push({ a: 0, b: 1 + (k % 2), score: 1 }); // model 0 never loses
      games.push({ a: 3, b: 1 + (k % 2), score: 0 }); // model 3 never wins
      games.push({ a: 1, b: 2, score: k % 3 === 0 ? 0 : 1 });
    }
    const fit = estimate(4, games, { resamples: 200, seed: 9 });
    for (const m of fit) {
      for (const v of [m.theta, m.lower, m.upper, m.rating, m.ratingLower, m.ratingUpper]) {
        expect(Number.isFinite(v)).toBe(true);
      }
    }
    expect(fit[0]!.rank).toBe(1);
    expect(fit[3]!.rank).toBe(4);
  });

  it("is deterministic for a seed", () => {
    const games = tournament([0.5, 0, -0.5], 300, seededRandom(1));
    expect(estimate(3, games, { seed: 5 })).toEqual(estimate(3, games, { seed: 5 }));
  });

  it("puts the rating on an Elo-like scale around 1000", () => {
    expect(toRating(0)).toBe(1000);
    expect(toRating(Math.LN10)).toBeCloseTo(1400, 9);
  });
});

/** The per-vote bootstrap the pair totals replaced (decision 0109): votes resampled one by one. */
function perVoteIntervals(n: number, games: Game[], resamples: number, seed: number) {
  const random = seededRandom(seed);
  const draws = Array.from({ length: n }, () => [] as number[]);
  for (let r = 0; r < resamples; r++) {
    const sample = Array.from({ length: games.length }, () => games[Math.floor(random() * games.length)]!);
    fitBradleyTerry(n, sample).forEach((t, i) => {
      draws[i]!.push(t);
    });
  }
  return draws.map((d) => {
    const sorted = d.sort((x, y) => x - y);
    return {
      lower: sorted[Math.floor(0.025 * (resamples - 1))]!,
      upper: sorted[Math.ceil(0.975 * (resamples - 1))]!,
    };
  });
}

describe("the fit on pair totals (decision 0109)", () => {
  const truth = centred([0.9, 0.4, 0, -0.3, -1]);
  const games = tournament(truth, 1500, seededRandom(11), 0.1);

  it("totals each pair once, lower index first, ties apart", () => {
    const totals = pairTotals([
      { a: 1, b: 0, score: 1 },
      { a: 0, b: 1, score: 1 },
      { a: 0, b: 1, score: 0.5 },
      { a: 2, b: 0, score: 0 },
    ]);
    expect(totals).toEqual([
      { a: 0, b: 1, winsA: 1, winsB: 1, ties: 1 },
      { a: 0, b: 2, winsA: 1, winsB: 0, ties: 0 },
    ]);
  });

  it("gives the same strengths as the per-vote fit on a small tournament", () => {
    const totals = pairTotals(games);
    expect(totals.reduce((s, t) => s + t.winsA + t.winsB + t.ties, 0)).toBe(games.length);
    for (const priorGames of [0, 1]) {
      const perVote = fitBradleyTerry(truth.length, games, { priorGames });
      const fromTotals = fitPairs(truth.length, totals, { priorGames });
      fromTotals.forEach((t, i) => {
        expect(t).toBeCloseTo(perVote[i]!, 9);
      });
    }
    const fit = estimatePairs(truth.length, totals, { seed: 4 });
    expect(fit.map((m) => m.games)).toEqual(
      truth.map((_, i) => games.filter((g) => g.a === i || g.b === i).length),
    );
  });

  it("gives intervals like the per-vote bootstrap's", () => {
    const fromTotals = estimatePairs(truth.length, pairTotals(games), { resamples: 400, seed: 8 });
    const perVote = perVoteIntervals(truth.length, games, 400, 8);
    fromTotals.forEach((m, i) => {
      const width = perVote[i]!.upper - perVote[i]!.lower;
      expect(Math.abs(m.upper - m.lower - width)).toBeLessThan(0.25 * width);
      expect(Math.abs(m.lower - perVote[i]!.lower)).toBeLessThan(0.25 * width);
      expect(Math.abs(m.upper - perVote[i]!.upper)).toBeLessThan(0.25 * width);
    });
  });

  it("draws binomials with the right mean and variance, small and large", () => {
    const random = seededRandom(5);
    for (const [n, p] of [
      [20, 0.1],
      [1000, 0.5],
      [5000, 0.97],
      [100_000, 0.0004],
    ] as const) {
      const xs = Array.from({ length: 4000 }, () => binomial(n, p, random));
      expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x <= n)).toBe(true);
      const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
      const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
      expect(Math.abs(mean - n * p)).toBeLessThan(4 * Math.sqrt((n * p * (1 - p)) / xs.length));
      expect(variance / (n * p * (1 - p))).toBeGreaterThan(0.9);
      expect(variance / (n * p * (1 - p))).toBeLessThan(1.1);
    }
    expect(binomial(0, 0.3, random)).toBe(0);
    expect(binomial(7, 1, random)).toBe(7);
  });
});

describe("rank spread, Kendall's τ and the win-rate matrix", () => {
  it("gives the ranks each interval allows", () => {
    const spread = rankSpread([
      { lower: 5, upper: 7 },
      { lower: 4, upper: 6 },
      { lower: 0, upper: 1 },
    ]);
    expect(spread).toEqual([
      { best: 1, worst: 2 },
      { best: 1, worst: 2 },
      { best: 3, worst: 3 },
    ]);
  });

  it("computes τ-b: 1 for the same order, -1 reversed, ties handled", () => {
    expect(kendallTau([3, 2, 1], [30, 20, 10])).toBe(1);
    expect(kendallTau([3, 2, 1], [1, 2, 3])).toBe(-1);
    // Classic example: one discordant pair of six.
    expect(kendallTau([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(4 / 6, 9);
    expect(kendallTau([1, 1, 2], [1, 2, 3])).toBeCloseTo(2 / Math.sqrt(2 * 3), 9);
    expect(kendallTau([1], [1])).toBeNull();
  });

  it("gives each pair's win rate with ties as halves, null where models never met", () => {
    const m = winRateMatrix(3, [
      { a: 0, b: 1, score: 1 },
      { a: 1, b: 0, score: 0.5 },
      { a: 0, b: 1, score: 0 },
    ]);
    expect(m[0]![1]).toBeCloseTo(1.5 / 3, 9);
    expect(m[1]![0]).toBeCloseTo(1.5 / 3, 9);
    expect(m[0]![2]).toBeNull();
    expect(m[1]![1]).toBeNull();
  });
});

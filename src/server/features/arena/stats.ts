/**
 * The Arena's statistics (issue 22 items 3 and 7; decision 0094), a pure module: no database, no clock.
 *
 * - **Bradley–Terry** strengths by maximum likelihood (Newton–Raphson on the log-likelihood). A tie
 *   (and "both are bad") counts as half a win for each side.
 * - **Prior**: every model also plays `priorGames` virtual games against a fixed reference of
 *   strength 1, winning half of them. A model with only wins or only losses stays finite, and a
 *   model with few votes is pulled toward the middle. `priorGames: 0` is the plain MLE.
 * - **Scale**: log-strengths centred on their mean, shown on an Elo-like scale
 *   `1000 + 400·log10(π_i / geomean π)`.
 * - **Pair totals** (decision 0109): the fit and the bootstrap read only each pair's totals (wins
 *   of either side and ties), which is all the likelihood depends on; a million votes are a few
 *   thousand totals. `estimate` over single games totals them first.
 * - **Intervals**: percentile bootstrap with a seeded PRNG. Each resample draws as many votes as
 *   there are, with replacement, as one multinomial draw over the (pair, outcome) cells
 *   (sequential binomials): the same distribution as resampling the votes one by one.
 * - **Rank spread**: the best and worst ranks the intervals allow.
 * - **Kendall's τ-b** between two rankings and the pairwise **win-rate matrix**.
 */

/** One vote as the fit sees it: `score` is model `a`'s share (1 win, 0 loss, 0.5 tie). */
export interface Game {
  a: number;
  b: number;
  score: 0 | 0.5 | 1;
}

export interface FitOptions {
  /** Virtual games (half won) each model plays against a strength-1 reference; default 1. */
  priorGames?: number;
  maxIterations?: number;
  tolerance?: number;
}

export const ELO_SCALE = 400 / Math.LN10;
export const BASE_RATING = 1000;

/** One pair's totals: the votes `a` won, the votes `b` won, and the ties ("both bad" included). */
export interface PairTotal {
  a: number;
  b: number;
  winsA: number;
  winsB: number;
  ties: number;
}

/** Totals single games per pair (lower index first), pairs in index order. */
export function pairTotals(games: readonly Game[]): PairTotal[] {
  const byKey = new Map<string, PairTotal>();
  for (const g of games) {
    const flip = g.a > g.b;
    const a = flip ? g.b : g.a;
    const b = flip ? g.a : g.b;
    const key = `${a}:${b}`;
    let t = byKey.get(key);
    if (!t) {
      t = { a, b, winsA: 0, winsB: 0, ties: 0 };
      byKey.set(key, t);
    }
    const score = flip ? 1 - g.score : g.score;
    if (score === 0.5) t.ties++;
    else if (score === 1) t.winsA++;
    else t.winsB++;
  }
  return [...byKey.values()].sort((x, y) => x.a - y.a || x.b - y.b);
}

/** Sufficient statistics of a set of games: wins (ties as halves) and games per pair. */
interface Tallies {
  wins: Float64Array;
  /** Games between i and j, symmetric, n × n. */
  pairs: Float64Array;
}

/** The tallies of pair totals; `cells` (3 per pair: a's wins, b's wins, ties) replaces the totals. */
function tally(n: number, totals: readonly PairTotal[], cells?: Float64Array): Tallies {
  const wins = new Float64Array(n);
  const pairs = new Float64Array(n * n);
  totals.forEach((t, k) => {
    const winsA = cells ? cells[3 * k]! : t.winsA;
    const winsB = cells ? cells[3 * k + 1]! : t.winsB;
    const ties = cells ? cells[3 * k + 2]! : t.ties;
    const games = winsA + winsB + ties;
    wins[t.a]! += winsA + ties / 2;
    wins[t.b]! += winsB + ties / 2;
    pairs[t.a * n + t.b]! += games;
    pairs[t.b * n + t.a]! += games;
  });
  return { wins, pairs };
}

/**
 * Newton–Raphson on the (concave) log-likelihood in log-strengths θ, with the prior's virtual
 * games; answers centred θ. Without a prior the scale is fixed by holding the last model at 0.
 */
function fitTallies(n: number, t: Tallies, options: FitOptions = {}, start?: Float64Array): Float64Array {
  const prior = options.priorGames ?? 1;
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-10;
  const theta = start ? Float64Array.from(start) : new Float64Array(n);
  const free = prior > 0 ? n : n - 1;
  const gradient = new Float64Array(free);
  const hessian = new Float64Array(free * free);
  // exp(θ) once per model and iteration (shifted by the largest θ: no overflow); a pair's
  // probability is then a division, not an exp (n exps per iteration instead of n²).
  const strength = new Float64Array(n);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    gradient.fill(0);
    hessian.fill(0);
    let top = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) top = Math.max(top, theta[i]!);
    for (let i = 0; i < n; i++) strength[i] = Math.exp(theta[i]! - top);
    for (let i = 0; i < n; i++) {
      const sigma = 1 / (1 + Math.exp(-theta[i]!));
      let g = t.wins[i]! + prior / 2 - prior * sigma;
      let h = prior * sigma * (1 - sigma);
      const row = i * n;
      for (let j = 0; j < n; j++) {
        const nij = t.pairs[row + j]!;
        if (nij === 0 || j === i) continue;
        const p = strength[i]! / (strength[i]! + strength[j]!);
        g -= nij * p;
        const w = nij * p * (1 - p);
        h += w;
        if (i < free && j < free) hessian[i * free + j] = -w;
      }
      if (i < free) {
        gradient[i] = g;
        // A model with no games and no prior: keep it where it is.
        hessian[i * free + i] = h > 0 ? h : 1;
      }
    }
    const step = solve(free, hessian, gradient);
    let change = 0;
    for (let i = 0; i < free; i++) {
      // Damped: a step never moves a log-strength by more than 3 at once.
      const d = Math.max(-3, Math.min(3, step[i]!));
      theta[i] = theta[i]! + d;
      change = Math.max(change, Math.abs(d));
    }
    if (change < tolerance) break;
  }
  let mean = 0;
  for (let i = 0; i < n; i++) mean += theta[i]!;
  mean /= n;
  for (let i = 0; i < n; i++) theta[i] = theta[i]! - mean;
  return theta;
}

/** Solves A x = b for a symmetric positive definite A (Cholesky); A and b are overwritten. */
function solve(n: number, a: Float64Array, b: Float64Array): Float64Array {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= a[j * n + k]! * a[j * n + k]!;
    d = Math.sqrt(Math.max(d, 1e-12));
    a[j * n + j] = d;
    for (let i = j + 1; i < n; i++) {
      let v = a[i * n + j]!;
      for (let k = 0; k < j; k++) v -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = v / d;
    }
  }
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    let v = x[i]!;
    for (let k = 0; k < i; k++) v -= a[i * n + k]! * x[k]!;
    x[i] = v / a[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let v = x[i]!;
    for (let k = i + 1; k < n; k++) v -= a[k * n + i]! * x[k]!;
    x[i] = v / a[i * n + i]!;
  }
  return x;
}

/** Centred log-strengths (natural log) of `n` models from their games. */
export function fitBradleyTerry(n: number, games: readonly Game[], options: FitOptions = {}): number[] {
  return fitPairs(n, pairTotals(games), options);
}

/** The same fit from pair totals. */
export function fitPairs(n: number, totals: readonly PairTotal[], options: FitOptions = {}): number[] {
  if (n === 0) return [];
  return [...fitTallies(n, tally(n, totals), options)];
}

/** A log-strength on the Elo-like scale shown to members. */
export const toRating = (theta: number): number => BASE_RATING + ELO_SCALE * theta;

/** mulberry32: a small, fast, seeded PRNG (deterministic tests and reproducible boards). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws (Box–Muller, both values of each pair used). */
function normalSource(random: () => number): () => number {
  let spare = Number.NaN;
  return () => {
    if (!Number.isNaN(spare)) {
      const x = spare;
      spare = Number.NaN;
      return x;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

/**
 * A Binomial(n, p) draw: exact by inversion while n·min(p, 1−p) < 30, beyond that the normal
 * approximation (rounded, kept in 0..n), which is within the bootstrap's own noise there.
 */
export function binomial(n: number, p: number, random: () => number, normal = normalSource(random)): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(n, 1 - p, random, normal);
  const mean = n * p;
  if (mean >= 30) {
    const x = Math.round(mean + Math.sqrt(mean * (1 - p)) * normal());
    return Math.min(n, Math.max(0, x));
  }
  const q = 1 - p;
  const s = p / q;
  const a = (n + 1) * s;
  let r = q ** n;
  let u = random();
  let x = 0;
  while (u > r && x < n) {
    u -= r;
    x++;
    r *= a / x - s;
  }
  return x;
}

/**
 * One bootstrap resample of the cells: `total` votes drawn with replacement from the votes the
 * cells hold, as sequential binomials (each cell given what the cells before it took).
 */
function resampleCells(counts: Float64Array, total: number, random: () => number, out: Float64Array): void {
  const normal = normalSource(random);
  let left = total;
  let weight = total;
  for (let k = 0; k < counts.length; k++) {
    const c = counts[k]!;
    const x = left <= 0 || c <= 0 ? 0 : c >= weight ? left : binomial(left, c / weight, random, normal);
    out[k] = x;
    left -= x;
    weight -= c;
  }
}

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export interface BootstrapOptions extends FitOptions {
  resamples?: number;
  seed?: number;
  /** Two-sided level; default 0.95. */
  level?: number;
}

export interface ModelEstimate {
  /** Centred log-strength and its interval (natural log). */
  theta: number;
  lower: number;
  upper: number;
  /** The same on the rating scale. */
  rating: number;
  ratingLower: number;
  ratingUpper: number;
  /** Games involving the model. */
  games: number;
  /** Best and worst rank the intervals allow (1 = top). */
  rankBest: number;
  rankWorst: number;
  /** Rank by point estimate (1 = top). */
  rank: number;
}

/** Best and worst rank each model's interval allows against the others'. */
export function rankSpread(intervals: ReadonlyArray<{ lower: number; upper: number }>): Array<{
  best: number;
  worst: number;
}> {
  return intervals.map((m, i) => {
    let surelyAbove = 0;
    let surelyBelow = 0;
    intervals.forEach((o, j) => {
      if (j === i) return;
      if (o.lower > m.upper) surelyAbove++;
      if (o.upper < m.lower) surelyBelow++;
    });
    return { best: 1 + surelyAbove, worst: intervals.length - surelyBelow };
  });
}

/** The fit with percentile-bootstrap intervals, ranks and rank spreads, from single games. */
export function estimate(n: number, games: readonly Game[], options: BootstrapOptions = {}): ModelEstimate[] {
  return estimatePairs(n, pairTotals(games), options);
}

/** The fit with percentile-bootstrap intervals, ranks and rank spreads, from pair totals. */
export function estimatePairs(
  n: number,
  totals: readonly PairTotal[],
  options: BootstrapOptions = {},
): ModelEstimate[] {
  if (n === 0) return [];
  const resamples = options.resamples ?? 200;
  const level = options.level ?? 0.95;
  const random = seededRandom(options.seed ?? 1);
  const theta = fitTallies(n, tally(n, totals), options);
  const draws = Array.from({ length: n }, () => new Float64Array(resamples));
  const counts = new Float64Array(totals.length * 3);
  totals.forEach((t, k) => {
    counts[3 * k] = t.winsA;
    counts[3 * k + 1] = t.winsB;
    counts[3 * k + 2] = t.ties;
  });
  const total = counts.reduce((s, c) => s + c, 0);
  const cells = new Float64Array(counts.length);
  for (let r = 0; r < resamples; r++) {
    resampleCells(counts, total, random, cells);
    const t = fitTallies(
      n,
      tally(n, totals, cells),
      { ...options, tolerance: options.tolerance ?? 1e-7 },
      theta,
    );
    for (let i = 0; i < n; i++) draws[i]![r] = t[i]!;
  }
  const gamesPer = new Array<number>(n).fill(0);
  for (const t of totals) {
    const games = t.winsA + t.winsB + t.ties;
    gamesPer[t.a]! += games;
    gamesPer[t.b]! += games;
  }
  const alpha = (1 - level) / 2;
  const bounds = draws.map((d, i) => {
    if (resamples === 0) return { lower: theta[i]!, upper: theta[i]! };
    const sorted = d.slice().sort();
    return { lower: quantile(sorted, alpha), upper: quantile(sorted, 1 - alpha) };
  });
  const spread = rankSpread(bounds);
  const order = [...theta.keys()].sort((x, y) => theta[y]! - theta[x]! || x - y);
  const rank = new Array<number>(n);
  order.forEach((model, index) => {
    rank[model] = index + 1;
  });
  return bounds.map((b, i) => ({
    theta: theta[i]!,
    lower: b.lower,
    upper: b.upper,
    rating: toRating(theta[i]!),
    ratingLower: toRating(b.lower),
    ratingUpper: toRating(b.upper),
    games: gamesPer[i]!,
    rankBest: spread[i]!.best,
    rankWorst: spread[i]!.worst,
    rank: rank[i]!,
  }));
}

/**
 * Kendall's τ-b of two score lists over the same items (higher = better). Answers null with
 * fewer than two items or when either list has no variation.
 */
export function kendallTau(x: readonly number[], y: readonly number[]): number | null {
  const n = Math.min(x.length, y.length);
  if (n < 2) return null;
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX++;
      else if (dy === 0) tiesY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  const denominator = Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
  return denominator === 0 ? null : (concordant - discordant) / denominator;
}

/** Row model's share of its games against the column model (ties as halves); null: never met. */
export function winRateMatrix(n: number, games: readonly Game[]): Array<Array<number | null>> {
  return winRateMatrixOf(n, pairTotals(games));
}

/** The same from pair totals. */
export function winRateMatrixOf(n: number, totals: readonly PairTotal[]): Array<Array<number | null>> {
  const { pairs } = tally(n, totals);
  const won = new Float64Array(n * n);
  for (const t of totals) {
    won[t.a * n + t.b]! += t.winsA + t.ties / 2;
    won[t.b * n + t.a]! += t.winsB + t.ties / 2;
  }
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => {
      const games = pairs[i * n + j]!;
      return i === j || games === 0 ? null : won[i * n + j]! / games;
    }),
  );
}

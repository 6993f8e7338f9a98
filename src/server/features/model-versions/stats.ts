import { errorFunction } from "simple-statistics";
import { VERSION_CHANGE_TEST } from "../../../common/model-versions";

/**
 * The two-sample test of decision 0115, a pure module: does a newer version's star ratings
 * differ from the previous version's beyond chance?
 *
 * Mann–Whitney U (the Wilcoxon rank-sum test): the ratings of both versions are ranked together
 * (ties share their mean rank), U counts how often a rating of one version beats one of the other.
 * With ratings on a 1–5 scale nearly every rating is tied with others, so the variance carries the
 * tie correction; the statistic is compared to the normal distribution with a continuity
 * correction, two-sided. Both samples are star counts (`counts[0]` one-star … `counts[4]`
 * five-star): the ranks of tied groups follow from the counts, so the test costs the same for ten
 * ratings or a million.
 */
export interface RankSumResult {
  /** U of the first sample: pairs where the first sample's rating is higher (ties count half). */
  u: number;
  /** The standardised statistic (continuity-corrected, signed: > 0 when the first is higher). */
  z: number;
  /** Two-sided p-value. */
  pValue: number;
  n1: number;
  n2: number;
}

const total = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);

/** Mann–Whitney U of two star-count distributions (normal approximation, tie and continuity corrected). */
export function rankSumTest(first: readonly number[], second: readonly number[]): RankSumResult {
  const n1 = total(first);
  const n2 = total(second);
  const n = n1 + n2;
  if (n1 === 0 || n2 === 0) return { u: 0, z: 0, pValue: 1, n1, n2 };
  // Rank sum of the first sample: each star value's group shares the mean of its ranks.
  let below = 0;
  let rankSum1 = 0;
  let ties = 0;
  const stars = Math.max(first.length, second.length);
  for (let i = 0; i < stars; i++) {
    const a = first[i] ?? 0;
    const b = second[i] ?? 0;
    const t = a + b;
    if (t === 0) continue;
    const meanRank = below + (t + 1) / 2;
    rankSum1 += a * meanRank;
    ties += t * t * t - t;
    below += t;
  }
  const u = rankSum1 - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1)));
  // Every rating the same value: nothing can differ.
  if (!(variance > 0)) return { u, z: 0, pValue: 1, n1, n2 };
  const distance = Math.max(0, Math.abs(u - mean) - 0.5);
  const z = (Math.sign(u - mean) * distance) / Math.sqrt(variance);
  // Two-sided: P(|Z| ≥ |z|) = 1 − erf(|z| / √2).
  const pValue = Math.min(1, Math.max(0, 1 - errorFunction(Math.abs(z) / Math.SQRT2)));
  return { u, z, pValue, n1, n2 };
}

/**
 * The mark of the model page: the newer version's ratings differ from the previous version's at
 * level `alpha`, with at least `minPerSide` ratings on each side. Null when they do not (or when
 * there are too few ratings to tell); otherwise which way and the p-value.
 */
export function ratingsChanged(
  newer: readonly number[],
  previous: readonly number[],
  options: { alpha?: number; minPerSide?: number } = {},
): { direction: "higher" | "lower"; pValue: number } | null {
  const alpha = options.alpha ?? VERSION_CHANGE_TEST.alpha;
  const min = options.minPerSide ?? VERSION_CHANGE_TEST.minPerSide;
  if (total(newer) < min || total(previous) < min) return null;
  const r = rankSumTest(newer, previous);
  if (!(r.pValue < alpha)) return null;
  return { direction: r.z > 0 ? "higher" : "lower", pValue: r.pValue };
}

import { MODEL_CATEGORIES } from "../../../common/ai-models";
import {
  ARENA_RULES,
  ARENA_TAGS,
  type ArenaView,
  type Board,
  type BoardRow,
  viewKey,
} from "../../../common/arena";
import { GENERATIONS } from "../../../common/constants";
import type { AppContext } from "../../platform/context";
import * as q from "./queries";
import { estimatePairs, kendallTau, type PairTotal, winRateMatrixOf } from "./stats";

/** The pg-boss job names: the periodic recompute, and one asked for after an admin's removal. */
export const RECOMPUTE_JOB = "arena-recompute";
export const RECOMPUTE_NOW_JOB = "arena-recompute-now";
const LEASE_MS = 5 * 60_000;
export const AGREEMENT_KEY = "~agreement";
/** A pair's head-to-head record (decision 0102): lower model id first. */
export const pairKey = (x: number, y: number) => `~pair:${Math.min(x, y)}:${Math.max(x, y)}`;
/** [lower id's wins, higher id's wins, ties and "both bad"] over the overall board's counted votes. */
export type StoredPair = [number, number, number];

/** A view as stored: its board's rows and its win-rate matrix (served by two calls). */
export type StoredBoard = Omit<Board, "computedAt" | "view" | "g"> & { matrix: Array<Array<number | null>> };
export interface StoredAgreement {
  pairs: Array<{ a: string; b: string; tau: number | null; models: number }>;
}

/** A stable seed per view: each view's bootstrap is reproducible. */
function seedOf(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** One view's pair totals by model id (lower id first), as the SQL answered them. */
export type ViewTotals = ReadonlyArray<Pick<q.PairTotalRow, "lo" | "hi" | "winsLo" | "winsHi" | "ties">>;

/** One view's board from its pair totals: the fit, the intervals, the ranks, the win-rate matrix. */
export function boardOf(
  key: string,
  totals: ViewTotals,
  models: Map<number, q.ModelRef>,
): StoredBoard & { thetaById: Map<number, number> } {
  const ids = [...new Set(totals.flatMap((t) => [t.lo, t.hi]))].sort((a, b) => a - b);
  const index = new Map(ids.map((id, i) => [id, i]));
  const pairs: PairTotal[] = totals.map((t) => ({
    a: index.get(t.lo)!,
    b: index.get(t.hi)!,
    winsA: t.winsLo,
    winsB: t.winsHi,
    ties: t.ties,
  }));
  const fit = estimatePairs(ids.length, pairs, {
    resamples: ARENA_RULES.resamples,
    priorGames: ARENA_RULES.priorGames,
    seed: seedOf(key),
  });
  const order = ids.map((_, i) => i).sort((x, y) => fit[x]!.rank - fit[y]!.rank);
  const matrix = winRateMatrixOf(ids.length, pairs);
  const round = (x: number) => Math.round(x * 10) / 10;
  const rows: BoardRow[] = order.map((i) => {
    const m = fit[i]!;
    const id = ids[i]!;
    return {
      model: models.get(id) ?? { id, name: `Model ${id}`, slug: "" },
      rating: round(m.rating),
      lower: round(m.ratingLower),
      upper: round(m.ratingUpper),
      rank: m.rank,
      rankBest: m.rankBest,
      rankWorst: m.rankWorst,
      votes: m.games,
      provisional: m.games < ARENA_RULES.minVotes,
    };
  });
  return {
    votes: totals.reduce((s, t) => s + t.winsLo + t.winsHi + t.ties, 0),
    rows,
    matrix: order.map((i) =>
      order.map((j) => (matrix[i]![j] === null ? null : Math.round(matrix[i]![j]! * 1000) / 1000)),
    ),
    thetaById: new Map(ids.map((id, i) => [id, fit[i]!.theta])),
  };
}

/** Every view from the SQL's pair totals: overall, each category, each task tag, each voter generation; and the agreement. */
export function computeViews(
  totals: readonly q.PairTotalRow[],
  models: Map<number, q.ModelRef>,
): Array<{ key: string; payload: unknown }> {
  const byView = new Map<string, q.PairTotalRow[]>();
  for (const t of totals) {
    const key = viewKey(t.view === "overall" ? { view: "overall" } : { view: t.view, g: t.g });
    const list = byView.get(key) ?? [];
    list.push(t);
    byView.set(key, list);
  }
  const views: Array<{ view: ArenaView; g?: string }> = [
    { view: "overall" },
    ...MODEL_CATEGORIES.map((c) => ({ view: "category" as const, g: c })),
    ...ARENA_TAGS.map((t) => ({ view: "tag" as const, g: t })),
    ...GENERATIONS.map((g) => ({ view: "generation" as const, g })),
  ];
  const out: Array<{ key: string; payload: unknown }> = [];
  const byGeneration = new Map<string, Map<number, number>>();
  for (const v of views) {
    const key = viewKey(v);
    const { thetaById, ...board } = boardOf(key, byView.get(key) ?? [], models);
    out.push({ key, payload: board });
    if (v.view === "generation") byGeneration.set(v.g!, thetaById);
  }
  const pairs: StoredAgreement["pairs"] = [];
  GENERATIONS.forEach((a, i) => {
    for (const b of GENERATIONS.slice(i + 1)) {
      const ta = byGeneration.get(a) ?? new Map<number, number>();
      const tb = byGeneration.get(b) ?? new Map<number, number>();
      const common = [...ta.keys()].filter((id) => tb.has(id));
      const tau = kendallTau(
        common.map((id) => ta.get(id)!),
        common.map((id) => tb.get(id)!),
      );
      pairs.push({ a, b, tau: tau === null ? null : Math.round(tau * 1000) / 1000, models: common.length });
    }
  });
  out.push({ key: AGREEMENT_KEY, payload: { pairs } satisfies StoredAgreement });
  for (const t of byView.get(viewKey({ view: "overall" })) ?? []) {
    out.push({ key: pairKey(t.lo, t.hi), payload: [t.winsLo, t.winsHi, t.ties] satisfies StoredPair });
  }
  return out;
}

/**
 * Recomputes every board from the counted votes and stores them with the computation time.
 * One at a time across instances (a lease row); answers false when another instance holds it.
 */
export async function recomputeBoards(ctx: AppContext): Promise<boolean> {
  if (!(await q.takeLease(ctx.db, new Date(), LEASE_MS))) return false;
  try {
    const totals = await q.countedPairTotals(ctx.db, {
      cap: ARENA_RULES.perSubmitterCap,
      delayDays: ctx.config.arenaVoteDelayDays,
      now: ctx.now(),
    });
    const models = await q.modelRefs(
      ctx.db,
      totals.flatMap((t) => (t.view === "overall" ? [t.lo, t.hi] : [])),
    );
    const views = computeViews(totals, models);
    const overall = views.find((v) => v.key === "overall")?.payload as StoredBoard | undefined;
    const ratings = (overall?.rows ?? []).map((r) => ({ id: r.model.id, rating: r.rating }));
    await q.storeResults(ctx.db, ctx.now(), views, ratings);
    return true;
  } finally {
    await q.releaseLease(ctx.db);
  }
}

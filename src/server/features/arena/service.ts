import {
  type Agreement,
  type Anomaly,
  ARENA_MESSAGES,
  ARENA_RULES,
  type ArenaChoice,
  type Battle,
  type BattleCreateData,
  type BattleImage,
  type Board,
  type BoardQuery,
  type BoardRow,
  type WinRates,
  type HeadToHead,
  type ModelStanding,
  type StandingRow,
  type ServedBattle,
  type VoteReveal,
  viewKey,
} from "../../../common/arena";
import { MODEL_SLUG_RE } from "../../../common/ai-models";
import { GENERATIONS, type Generation } from "../../../common/constants";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import type { Limiter } from "../../platform/rate-limit";
import { viewerFilter } from "../blocks/public";
import { createModerator } from "../forums/public";
import { holdVersionOf, versionNotOfModel } from "../model-versions/public";
import { uploadExists } from "../uploads/public";
import * as q from "./queries";
import {
  AGREEMENT_KEY,
  pairKey,
  RECOMPUTE_NOW_JOB,
  type StoredAgreement,
  type StoredBoard,
  type StoredPair,
} from "./recompute";

/** Milestone: a battle reaching this many votes notifies its submitter, once (decision 0102). */
export const VOTES_MILESTONE = 10;

function standingOf(payload: unknown, modelId: number): StandingRow | null {
  const rows = (payload as StoredBoard | undefined)?.rows ?? [];
  const row = rows.find((r: BoardRow) => r.model.id === modelId);
  if (!row) return null;
  const { rating, lower, upper, rank, votes, provisional } = row;
  return { rating, lower, upper, rank, of: rows.length, votes, provisional };
}

/** Which response is shown first: fixed per member and battle (a reload shows the same order), not guessable from the ids. */
/** A stored view (board rows and matrix) with its address and computation time. */
async function readView(ctx: AppContext, query: BoardQuery) {
  const stored = await q.readResult(ctx.db, viewKey(query));
  const payload = (stored?.payload as StoredBoard | undefined) ?? { votes: 0, rows: [], matrix: [] };
  return {
    view: query.view,
    g: query.view === "overall" ? null : (query.g ?? null),
    computedAt: stored ? stored.computedAt.toISOString() : null,
    payload,
  };
}

export function shownFirst(battleId: number, voterId: number): "a" | "b" {
  let h = Math.imul(battleId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(voterId, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 13;
  return (h & 1) === 0 ? "a" : "b";
}

/** A response's image and its description; null: none. */
export function imageOf(row: q.BattleRow, side: "a" | "b"): BattleImage {
  const url = side === "a" ? row.imageA : row.imageB;
  return url ? { url, alt: side === "a" ? row.imageAltA : row.imageAltB } : null;
}

function presentBattle(row: q.BattleRow, models: Map<number, q.ModelRef>): Battle {
  const ref = (id: number) => models.get(id) ?? { id, name: `Model ${id}`, slug: "" };
  return {
    id: row.id,
    prompt: row.prompt,
    category: row.category,
    tags: row.tags,
    a: {
      model: ref(row.modelAId),
      response: row.responseA,
      version: row.versionA,
      usedOn: row.usedOnA,
      image: imageOf(row, "a"),
    },
    b: {
      model: ref(row.modelBId),
      response: row.responseB,
      version: row.versionB,
      usedOn: row.usedOnB,
      image: imageOf(row, "b"),
    },
    votes: row.voteCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const limiters = new WeakMap<AppContext, Limiter>();
function voteLimiter(ctx: AppContext): Limiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = ctx.limiter({ name: "arena-votes", points: 60, durationSec: 60 });
    limiters.set(ctx, limiter);
  }
  return limiter;
}

export function createArenaService(ctx: AppContext) {
  const moderation = createModerator(ctx);

  async function shownBattle(id: number, viewer: SessionUser | null): Promise<q.BattleRow> {
    const row = await q.findBattle(ctx.db, id);
    // A battle hidden pending review is seen only by its submitter and admins.
    if (!row || (row.hiddenAt && !viewer?.isAdmin && viewer?.id !== row.submitterId)) {
      throw notFound(ARENA_MESSAGES.notFound);
    }
    return row;
  }

  return {
    models: () => q.listModels(ctx.db),

    /** Submits a battle: both models from the directory; the prompt and responses moderated like a post. */
    async create(user: SessionUser, input: BattleCreateData): Promise<Battle> {
      const models = await q.modelRefs(ctx.db, [input.a.modelId, input.b.modelId]);
      if (!models.has(input.a.modelId) || !models.has(input.b.modelId)) {
        throw badRequest(ARENA_MESSAGES.unknownModel, "unknown_model");
      }
      const today = ctx.now().toISOString().slice(0, 10);
      if (input.a.usedOn > today || input.b.usedOn > today)
        throw badRequest(ARENA_MESSAGES.dateInvalid, "bad_date");
      // Only this site's own uploads: the address's form is checked by the schema, the file here.
      for (const image of [input.a.image, input.b.image]) {
        if (image && !(await uploadExists(ctx, image))) {
          throw badRequest(ARENA_MESSAGES.imageNotFound, "image_not_found");
        }
      }
      // The prompt goes through the whole pipeline (length, profanity, spam, per-minute limit:
      // the "thread" budget stands for it); the responses and versions through the profanity filter.
      const prompt = await moderation.check(user, input.prompt, {
        kind: "thread",
        label: "Battle",
        fields: [
          input.a.response,
          input.b.response,
          input.a.version,
          input.b.version,
          input.a.imageAlt,
          input.b.imageAlt,
        ],
      });
      // The versions recorded must be the models' own, held until the battle is committed (decision 0114).
      const row = await ctx.db.transaction(async (tx) => {
        const versionOf = async (versionId: number | null | undefined, modelId: number) => {
          if (!versionId) return null;
          const version = await holdVersionOf(tx, versionId, modelId);
          if (!version) throw versionNotOfModel();
          return version;
        };
        const versionA = await versionOf(input.a.versionId, input.a.modelId);
        const versionB = await versionOf(input.b.versionId, input.b.modelId);
        return q.insertBattle(tx, {
          submitterId: user.id,
          prompt,
          category: input.category,
          tags: input.tags,
          modelAId: input.a.modelId,
          modelBId: input.b.modelId,
          responseA: input.a.response,
          responseB: input.b.response,
          versionA: input.a.version || versionA?.name || "",
          versionB: input.b.version || versionB?.name || "",
          versionAId: versionA?.id ?? null,
          versionBId: versionB?.id ?? null,
          usedOnA: input.a.usedOn,
          usedOnB: input.b.usedOn,
          imageA: input.a.image ?? null,
          imageB: input.b.image ?? null,
          imageAltA: input.a.image ? input.a.imageAlt : "",
          imageAltB: input.b.image ? input.b.imageAlt : "",
          createdAt: ctx.now(),
        });
      });
      return presentBattle(row, models);
    },

    async mine(user: SessionUser): Promise<Battle[]> {
      const rows = await q.battlesBy(ctx.db, user.id);
      const models = await q.modelRefs(
        ctx.db,
        rows.flatMap((r) => [r.modelAId, r.modelBId]),
      );
      return rows.map((r) => presentBattle(r, models));
    },

    /**
     * The submitter deletes their battle while it has no votes; an administrator removes any
     * battle found fake, and every board is recomputed without it.
     */
    async remove(user: SessionUser, id: number): Promise<string> {
      const row = await shownBattle(id, user);
      if (user.isAdmin && row.submitterId !== user.id) {
        await q.deleteBattle(ctx.db, id, null);
        await ctx.jobs.send(RECOMPUTE_NOW_JOB, {});
        return ARENA_MESSAGES.removed;
      }
      if (row.submitterId !== user.id) throw forbidden(ARENA_MESSAGES.notYours);
      if (!(await q.deleteBattle(ctx.db, id, user.id))) {
        throw conflict(ARENA_MESSAGES.hasVotes, "battle_has_votes");
      }
      return ARENA_MESSAGES.deleted;
    },

    /** A battle to vote on, or null when the member has voted on every one they may. */
    async next(user: SessionUser, battleId?: number): Promise<{ battle: ServedBattle | null }> {
      // Never a battle by a member the voter blocked or who blocked the voter (decision 0092).
      const { hidden } = await viewerFilter(ctx, user);
      // A battle asked for (a link from trending) when the member may vote on it; else the next.
      const asked =
        battleId === undefined ? undefined : await q.nextBattleFor(ctx.db, user.id, hidden, battleId);
      const row = asked ?? (await q.nextBattleFor(ctx.db, user.id, hidden));
      if (!row) return { battle: null };
      const a = { side: "a" as const, response: row.responseA, image: imageOf(row, "a") };
      const b = { side: "b" as const, response: row.responseB, image: imageOf(row, "b") };
      return {
        battle: {
          id: row.id,
          prompt: row.prompt,
          category: row.category,
          tags: row.tags,
          responses: shownFirst(row.id, user.id) === "a" ? [a, b] : [b, a],
        },
      };
    },

    /** One vote per member per battle (the primary key decides between two at once); then the reveal. */
    async vote(user: SessionUser, id: number, choice: ArenaChoice): Promise<VoteReveal> {
      const row = await shownBattle(id, null);
      if (row.submitterId === user.id) throw forbidden(ARENA_MESSAGES.ownBattle);
      await voteLimiter(ctx).consume(String(user.id));
      const counted = await q
        .insertVote(ctx.db, {
          battleId: id,
          voterId: user.id,
          choice,
          voterGeneration: user.generation as Generation,
          createdAt: ctx.now(),
        })
        .catch((err: unknown) => {
          // The battle was deleted between the check and the vote (foreign key): 404.
          const e = (err as { cause?: { code?: string }; code?: string }) ?? {};
          if ((e.cause?.code ?? e.code) === "23503") throw notFound(ARENA_MESSAGES.notFound);
          throw err;
        });
      if (counted === null) throw conflict(ARENA_MESSAGES.alreadyVoted, "already_voted");
      // The vote that took the count to the milestone (each vote's update sees its own count,
      // row-locked one after the other): exactly one request announces it.
      if (counted === VOTES_MILESTONE) {
        await ctx.events.emit("arena.battle-milestone", {
          battleId: id,
          submitterId: row.submitterId,
          votes: counted,
        });
      }
      const models = await q.modelRefs(ctx.db, [row.modelAId, row.modelBId]);
      const ref = (mid: number) => models.get(mid) ?? { id: mid, name: `Model ${mid}`, slug: "" };
      return {
        battleId: id,
        choice,
        a: { model: ref(row.modelAId), version: row.versionA, usedOn: row.usedOnA, image: imageOf(row, "a") },
        b: { model: ref(row.modelBId), version: row.versionB, usedOn: row.usedOnB, image: imageOf(row, "b") },
        split: await q.voteSplit(ctx.db, id),
      };
    },

    /** One view as the last recompute stored it: one primary-key read. */
    async board(query: BoardQuery): Promise<Board> {
      const { payload, ...head } = await readView(ctx, query);
      return { ...head, votes: payload.votes, rows: payload.rows };
    },

    /** The same stored view's win-rate matrix, with its models in the board's order. */
    async winRates(query: BoardQuery): Promise<WinRates> {
      const { payload, ...head } = await readView(ctx, query);
      return { ...head, models: payload.rows.map((r) => r.model), matrix: payload.matrix };
    },

    /** A model's card: the overall and the four generation boards, read by primary key at once. */
    async standing(slug: string): Promise<ModelStanding> {
      // Only a well-formed slug is looked up (a NUL or other stray character is simply not found).
      const model = MODEL_SLUG_RE.test(slug) ? await q.modelBySlug(ctx.db, slug) : undefined;
      if (!model) throw notFound(ARENA_MESSAGES.modelNotFound);
      const keys = ["overall", ...GENERATIONS.map((g) => viewKey({ view: "generation", g }))];
      const stored = new Map((await q.readResults(ctx.db, keys)).map((r) => [r.viewKey, r]));
      const overall = stored.get("overall");
      return {
        model,
        computedAt: overall ? overall.computedAt.toISOString() : null,
        overall: standingOf(overall?.payload, model.id),
        generations: GENERATIONS.map((g) => ({
          generation: g,
          standing: standingOf(stored.get(viewKey({ view: "generation", g }))?.payload, model.id),
        })),
      };
    },

    /** Each pair's record among the compared models (unknown ids or pairs never met: zeros). */
    async headToHead(ids: number[]): Promise<HeadToHead> {
      const unique = [...new Set(ids)];
      const pairs: Array<[number, number]> = [];
      unique.forEach((x, i) => {
        for (const y of unique.slice(i + 1)) pairs.push([x, y]);
      });
      const stored = new Map(
        (await q.readResults(ctx.db, ["overall", ...pairs.map(([x, y]) => pairKey(x, y))])).map((r) => [
          r.viewKey,
          r,
        ]),
      );
      return {
        computedAt: stored.get("overall")?.computedAt.toISOString() ?? null,
        pairs: pairs.map(([a, b]) => {
          const [low, high, ties] = (stored.get(pairKey(a, b))?.payload as StoredPair | undefined) ?? [
            0, 0, 0,
          ];
          return a < b ? { a, b, aWins: low, bWins: high, ties } : { a, b, aWins: high, bWins: low, ties };
        }),
      };
    },

    async agreement(): Promise<Agreement> {
      const stored = await q.readResult(ctx.db, AGREEMENT_KEY);
      const payload = (stored?.payload as StoredAgreement | undefined) ?? { pairs: [] };
      return {
        computedAt: stored ? stored.computedAt.toISOString() : null,
        pairs: payload.pairs as Agreement["pairs"],
      };
    },

    async anomalies(): Promise<Anomaly[]> {
      const rows = await q.anomalies(ctx.db, ARENA_RULES.anomalyMinVotes, ARENA_RULES.anomalyShare);
      const models = await q.modelRefs(
        ctx.db,
        rows.map((r) => r.modelId),
      );
      return rows.map((r) => ({
        voter: { id: r.voterId, username: r.username },
        model: models.get(r.modelId) ?? { id: r.modelId, name: `Model ${r.modelId}`, slug: "" },
        votes: r.votes,
        favoring: r.favoring,
      }));
    },
  };
}

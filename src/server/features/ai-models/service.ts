import { createHash, randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import {
  type CommentInput,
  GENERATION_SPLIT_MIN_RATINGS,
  MODEL_MESSAGES,
  MODEL_SLUG_RE,
  type ModelListQuery,
  type RateInput,
  type ReviewListQuery,
} from "../../../common/ai-models";
import type { PageQuery } from "../../../common/http";
import { createHeldWrites } from "../../platform/buffers";
import { badRequest } from "../../platform/errors";
import { MODERATION_CODES, MODERATION_MESSAGES } from "../../../common/moderation";
import type { DbOrTx } from "../../db/connect";
import type { AppContext, SessionUser } from "../../platform/context";
import { notFound, unprocessable } from "../../platform/errors";
import { holdVersionOf, versionNotOfModel } from "../model-versions/public";
import { containsProfanity } from "../moderation/public";
import { createModerationService } from "../moderation/public";
import {
  presentComment,
  presentGenerationSplit,
  presentModel,
  presentReview,
  presentSummary,
} from "./presenter";
import {
  countBookmarks,
  deleteBookmark,
  deleteComment,
  deleteLike,
  deleteRatingsFromPost,
  findComment,
  findModelById,
  findModelByOldSlug,
  findModelBySlug,
  findModelsByIds,
  generationAverages,
  hasBookmark,
  hasCommentLike,
  hasLike,
  insertBookmark,
  insertComment,
  insertLike,
  listComments,
  listModels,
  listReviews,
  lockComment,
  lockModel,
  modelIdsRatedFromPost,
  pruneViews,
  recomputeRating,
  writeViews,
  type ModelView,
  recountCommentLikes,
  recountLikes,
  refreshRatingPrior,
  replaceRating,
  setHelpful,
  findShownReview,
  type StructuredReview,
  setCommentLike,
  similarModels,
  viewerState,
} from "./queries";

/**
 * Who is viewing, for "one view per visitor per model per hour": the member id, or for a
 * signed-out visitor a hash of IP + user agent with a per-process salt (the address itself is
 * never stored, and the marks are forgotten after an hour).
 */
const VISITOR_SALT = randomBytes(16).toString("hex");
export function visitorKey(request: FastifyRequest): string {
  if (request.user) return `u:${request.user.id}`;
  const ua = String(request.headers["user-agent"] ?? "");
  return `a:${createHash("sha256").update(`${VISITOR_SALT}|${request.ip}|${ua}`).digest("base64url")}`;
}

/** Prune stale view marks every this many counted views (keeps model_views small). */
const PRUNE_EVERY = 500;
const VIEW_WINDOW_MS = 60 * 60 * 1000;
const SEEN_MAX = 50_000;

/**
 * The model at `slug`, or at an old slug of a renamed model (decision 0116): the answer then
 * names the current slug, and the page redirects there.
 */
async function findBySlugOr404(db: DbOrTx, slug: string) {
  const model = MODEL_SLUG_RE.test(slug)
    ? ((await findModelBySlug(db, slug)) ?? (await findModelByOldSlug(db, slug)))
    : undefined;
  if (!model) throw notFound(MODEL_MESSAGES.notFound);
  return model;
}

/**
 * Sets a member's rating of a model (replacing an earlier one) and recomputes the model's
 * rating and reviewCount in the same transaction. The model row is locked first, so concurrent
 * ratings of one model queue and each recount sees every committed rating: the figures stay exact.
 */
export async function applyRating(
  ctx: AppContext,
  v: {
    modelId: number;
    userId: number;
    rating: number;
    review: string | null;
    postId: number | null;
    anonymous: boolean;
    /** When the rating was given (a feed post's time); now by default. */
    at?: Date;
    structured?: StructuredReview;
  },
): Promise<{ rating: number; reviewCount: number }> {
  const agg = await ctx.db.transaction(async (tx) => {
    if (!(await lockModel(tx, v.modelId))) throw notFound(MODEL_MESSAGES.notFound);
    // A recorded version must be one of this model's, held until the rating is committed (decision 0114).
    const versionId = v.structured?.versionId;
    if (versionId && !(await holdVersionOf(tx, versionId, v.modelId))) throw versionNotOfModel();
    await replaceRating(tx, { ...v, at: v.at ?? ctx.now() });
    return recomputeRating(tx, v.modelId);
  });
  // The site-wide mean moved: every model's Bayesian score follows (after the model's lock is released).
  await refreshRatingPrior(ctx.db);
  return agg;
}

/** Undoes the ratings a deleted feed post gave, recomputing each model's figures. */
export async function removeRatingsFromPost(ctx: AppContext, postId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const models = await modelIdsRatedFromPost(tx, postId);
    for (const id of models.sort((a, b) => a - b)) await lockModel(tx, id);
    const touched = await deleteRatingsFromPost(tx, postId);
    for (const id of touched) await recomputeRating(tx, id);
  });
  await refreshRatingPrior(ctx.db);
}

export function createAiModelService(ctx: AppContext) {
  const moderation = createModerationService(ctx);
  const rateLimiter = ctx.limiter({ name: "model-rate", points: 20, durationSec: 60 });
  const toggleLimiter = ctx.limiter({ name: "model-toggle", points: 120, durationSec: 60 });
  const slowDown = "You are doing that too often: rate limit reached. Please wait a minute.";

  /**
   * Model views without a write per read (decision 0128, as post views: decision 0113): a view
   * is held here and written with the others of the last moments in one statement; the database
   * stays the judge of "once per visitor per model per hour" across instances and restarts.
   */
  const held = createHeldWrites<ModelView>({
    flushMs: ctx.config.viewFlushMs,
    onError: (err) => ctx.log.warn({ err }, "model views: a batch was not written"),
    async write(batch) {
      await writeViews(ctx.db, batch);
      countedViews += batch.length;
      if (countedViews >= PRUNE_EVERY) {
        countedViews = 0;
        await pruneViews(ctx.db, ctx.now());
      }
    },
  });
  ctx.buffers.add(held);
  let countedViews = 0;
  /**
   * Visitors whose view of a model this instance counted, until the end of that view's hour:
   * within it no other view of theirs is held. Bounded.
   */
  const seenUntil = new Map<string, number>();
  /** The ids of the models this instance answered, by slug (a cached answer's view needs its id). */
  const idBySlug = new Map<string, number>();
  /** Holds a visitor's view unless one of theirs was held within the hour. */
  function countView(modelId: number, slug: string, visitor: string): void {
    const now = ctx.now();
    const key = `${slug}|${visitor}`;
    const until = seenUntil.get(key);
    if (until !== undefined && until > now.getTime()) return;
    if (seenUntil.size >= SEEN_MAX) {
      for (const [k, t] of seenUntil) if (t <= now.getTime()) seenUntil.delete(k);
      if (seenUntil.size >= SEEN_MAX) seenUntil.clear();
    }
    seenUntil.set(key, now.getTime() + VIEW_WINDOW_MS);
    held.hold({ id: modelId, visitor, at: now });
  }

  async function splitFor(ids: number[]) {
    return generationAverages(ctx.db, ids, GENERATION_SPLIT_MIN_RATINGS);
  }

  return {
    async list(query: ModelListQuery) {
      const rows = await listModels(ctx.db, query);
      return rows.map(presentSummary);
    },

    async detail(slug: string, viewer: SessionUser | null, visitor: string) {
      const model = await findBySlugOr404(ctx.db, slug);
      idBySlug.set(slug, model.id);
      countView(model.id, slug, visitor);
      // This instance's views not yet written, the visitor's own among them.
      model.views += held.pendingFor(model.id);
      const [state, split, similar] = await Promise.all([
        viewer ? viewerState(ctx.db, model.id, viewer.id) : Promise.resolve(null),
        splitFor([model.id]),
        similarModels(ctx.db, model),
      ]);
      return { ...presentModel(model, split), viewer: state, similar: similar.map(presentSummary) };
    },

    /**
     * The view of a detail about to be answered from the public cache (platform/public-cache.ts):
     * held by the same rule as `detail` (once per visitor per model per hour); the count shown is
     * the cached answer's, as for a post (decision 0128).
     */
    async recordCachedView(slug: string, visitor: string): Promise<void> {
      let id = idBySlug.get(slug);
      if (id === undefined) {
        if ((seenUntil.get(`${slug}|${visitor}`) ?? 0) > ctx.now().getTime()) return;
        id = MODEL_SLUG_RE.test(slug) ? (await findModelBySlug(ctx.db, slug))?.id : undefined;
        if (id === undefined) return;
        idBySlug.set(slug, id);
      }
      countView(id, slug, visitor);
    },

    /** Models in the asked order; unknown ids are left out. */
    async compare(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await findModelsByIds(ctx.db, ids);
      const split = await splitFor(rows.map((r) => r.id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [presentModel(row, split)] : [];
      });
    },

    async reviews(slug: string, viewer: SessionUser | null, q: ReviewListQuery) {
      const model = await findBySlugOr404(ctx.db, slug);
      const viewerId = viewer?.id ?? null;
      const rows = await listReviews(ctx.db, model.id, {
        sort: q.sort ?? "helpful",
        generation: q.generation,
        version: q.version || undefined,
        limit: q.limit,
        cursor: q.cursor,
        viewerId,
      });
      return rows.map((r) => presentReview(r, viewerId));
    },

    /**
     * Marks a review helpful (or, with `{ helpful: false }`, takes the mark back): once per
     * member, never on their own review (stealth ones included); repeating it changes nothing.
     */
    async markHelpful(user: SessionUser, reviewId: number, desired: boolean | undefined) {
      await toggleLimiter.consume(`u:${user.id}`, slowDown);
      const review = await findShownReview(ctx.db, reviewId);
      if (!review) throw notFound(MODEL_MESSAGES.reviewNotFound);
      if (review.userId === user.id) throw badRequest(MODEL_MESSAGES.ownReviewHelpful, "own_review");
      const helpful = desired ?? true;
      let count: number | null;
      try {
        count = await setHelpful(ctx.db, reviewId, user.id, helpful, ctx.now());
      } catch (err) {
        // The review was replaced or deleted between the check and the vote.
        if ((err as { cause?: { code?: string }; code?: string })?.cause?.code === "23503") count = null;
        else if ((err as { code?: string })?.code === "23503") count = null;
        else throw err;
      }
      if (count === null) throw notFound(MODEL_MESSAGES.reviewNotFound);
      return { helpful, helpfulCount: count };
    },

    async comments(slug: string, viewer: SessionUser | null, page: PageQuery) {
      const model = await findBySlugOr404(ctx.db, slug);
      const rows = await listComments(ctx.db, model.id, viewer?.id ?? null, page.limit, page.cursor);
      return rows.map((r) => presentComment(r, viewer?.id ?? null));
    },

    /** Like toggle; `desired` (from the body) makes it idempotent: the same request twice ends liked. */
    async like(user: SessionUser, modelId: number, desired: boolean | undefined) {
      await toggleLimiter.consume(`u:${user.id}`, slowDown);
      return ctx.db.transaction(async (tx) => {
        if (!(await lockModel(tx, modelId))) throw notFound(MODEL_MESSAGES.notFound);
        const existing = await hasLike(tx, modelId, user.id);
        const liked = desired ?? !existing;
        if (liked && !existing) await insertLike(tx, modelId, user.id, ctx.now());
        if (!liked && existing) await deleteLike(tx, modelId, user.id);
        const likes = await recountLikes(tx, modelId);
        return { liked, likes };
      });
    },

    async bookmark(user: SessionUser, modelId: number, desired: boolean | undefined) {
      await toggleLimiter.consume(`u:${user.id}`, slowDown);
      return ctx.db.transaction(async (tx) => {
        if (!(await lockModel(tx, modelId))) throw notFound(MODEL_MESSAGES.notFound);
        const existing = await hasBookmark(tx, modelId, user.id);
        const bookmarked = desired ?? !existing;
        if (bookmarked && !existing) await insertBookmark(tx, modelId, user.id, ctx.now());
        if (!bookmarked && existing) await deleteBookmark(tx, modelId, user.id);
        return { bookmarked, bookmarks: await countBookmarks(tx, modelId) };
      });
    },

    async rate(user: SessionUser, modelId: number, input: RateInput) {
      await rateLimiter.consume(`u:${user.id}`, slowDown);
      const review = input.review ? input.review : null;
      const structured: StructuredReview = {
        pros: input.pros || null,
        cons: input.cons || null,
        usedFor: input.usedFor ?? [],
        usageDuration: input.usageDuration ?? null,
        // A chosen version names itself: the free text is for reviews without one (decision 0114).
        modelVersion: input.versionId ? null : input.modelVersion || null,
        versionId: input.versionId ?? null,
      };
      // A short review is fine ("Solid."); prohibited language is not.
      for (const text of [review, structured.pros, structured.cons, structured.modelVersion])
        if (text && containsProfanity(text))
          throw unprocessable(MODERATION_MESSAGES.prohibited, MODERATION_CODES.prohibited);
      const agg = await applyRating(ctx, {
        modelId,
        userId: user.id,
        rating: input.rating,
        review,
        postId: null,
        anonymous: false,
        structured,
      });
      const split = await splitFor([modelId]);
      return {
        rating: input.rating,
        review,
        averageRating: agg.rating,
        reviewCount: agg.reviewCount,
        ratingsByGeneration: presentGenerationSplit(split),
      };
    },

    async comment(user: SessionUser, modelId: number, input: CommentInput) {
      const model = await findModelById(ctx.db, modelId);
      if (!model) throw notFound(MODEL_MESSAGES.notFound);
      // The community's moderation pipeline: length, profanity, spam, per-minute limit (422/429).
      const content = await moderation.check(user, input.content, { kind: "comment" });
      const row = await insertComment(ctx.db, { modelId, userId: user.id, content, at: ctx.now() });
      const state = await viewerState(ctx.db, modelId, user.id);
      await ctx.events.emit("model.commented", { actorId: user.id, modelId, commentId: row.id });
      return presentComment(
        {
          id: row.id,
          content,
          likes: 0,
          createdAt: row.createdAt,
          authorId: user.id,
          username: user.username,
          avatar: user.avatar,
          generation: user.generation,
          rating: state.rating,
          liked: false,
        },
        user.id,
      );
    },

    async likeComment(user: SessionUser, commentId: number, desired: boolean | undefined) {
      await toggleLimiter.consume(`u:${user.id}`, slowDown);
      return ctx.db.transaction(async (tx) => {
        if (!(await lockComment(tx, commentId))) throw notFound(MODEL_MESSAGES.commentNotFound);
        const existing = await hasCommentLike(tx, commentId, user.id);
        const liked = desired ?? !existing;
        if (liked !== existing) await setCommentLike(tx, commentId, user.id, liked, ctx.now());
        return { liked, likes: await recountCommentLikes(tx, commentId) };
      });
    },

    /** Authors delete their own comments; admins any. */
    async deleteComment(user: SessionUser, commentId: number) {
      const found = await findComment(ctx.db, commentId);
      if (!found || (found.userId !== user.id && !user.isAdmin))
        throw notFound(MODEL_MESSAGES.commentNotFound);
      const deleted = await deleteComment(ctx.db, commentId, user.isAdmin ? null : user.id);
      if (!deleted) throw notFound(MODEL_MESSAGES.commentNotFound);
      return { message: "Comment deleted" };
    },
  };
}

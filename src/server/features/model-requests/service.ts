import { sql } from "drizzle-orm";
import {
  MODEL_CATEGORIES,
  MODEL_PRICING,
  type ModelCategory,
  type ModelPricing,
} from "../../../common/ai-models";
import {
  type DraftInput,
  draftInputSchema,
  MODEL_REQUEST_CODES,
  MODEL_REQUEST_LIMITS,
  MODEL_REQUEST_MESSAGES,
  type ModelRequest,
  type ModelRequestInput,
  type ModelRequestPage,
  modelRequestInputSchema,
  modelRequestListQuerySchema,
  type ModelRequestListQuery,
  normaliseModelName,
  requestAnchor,
} from "../../../common/model-requests";
import { slugify } from "../../../common/catalog";
import { MODERATION_CODES, MODERATION_MESSAGES } from "../../../common/moderation";
import { queryRows } from "../../db/connect";
import type { AppContext, SessionUser } from "../../platform/context";
import { AppError, conflict, notFound, unprocessable } from "../../platform/errors";
import { recordAudit } from "../admin/public";
import { createModelIn } from "../catalog/public";
import { notAuthoredBy, viewerFilter } from "../blocks/public";
import { containsProfanity, createModerationService, getModerationSettings } from "../moderation/public";
import { notify } from "../notifications/public";
import {
  findLiveByKey,
  findModelByKey,
  findRequest,
  listRequests,
  lockRequest,
  type RequestRow,
  recountUpvotes,
  upvoterIds,
} from "./queries";

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isCategory = (v: string | null): v is ModelCategory =>
  v !== null && (MODEL_CATEGORIES as readonly string[]).includes(v);
const isPricing = (v: string | null): v is ModelPricing =>
  v !== null && (MODEL_PRICING as readonly string[]).includes(v);

function present(row: RequestRow, viewer: SessionUser | null): ModelRequest {
  const isDraft = row.status === "accepted" && row.model_id === null;
  return {
    id: row.id,
    name: row.name,
    maker: row.maker,
    link: row.link,
    why: row.why,
    status: row.status,
    upvotes: row.upvotes,
    upvoted: Boolean(row.upvoted),
    isOwn: viewer?.id === row.requester_id,
    requester: row.username === null ? null : { id: row.requester_id, username: row.username },
    declineReason: row.decline_reason,
    mergedIntoId: row.merged_into_id,
    modelSlug: row.model_slug,
    draft:
      isDraft && viewer?.isAdmin
        ? {
            description: row.draft_description,
            category: isCategory(row.draft_category) ? row.draft_category : null,
            pricing: isPricing(row.draft_pricing) ? row.draft_pricing : null,
          }
        : null,
    createdAt: iso(row.created_at),
  };
}

/** A URL-safe slug for a published model ("GPT-4o mini" → "gpt-4o-mini"). */
export function slugFor(name: string, id: number): string {
  return slugify(name) || `model-${id}`;
}

/** What a draft still lacks before it can be published (decision 0111). */
export function draftMissing(
  row: Pick<RequestRow, "draft_description" | "draft_category" | "draft_pricing">,
): string[] {
  const missing: string[] = [];
  if (row.draft_description.trim().length === 0) missing.push("a description");
  if (!isCategory(row.draft_category)) missing.push("a category");
  if (!isPricing(row.draft_pricing)) missing.push("a pricing");
  return missing;
}

export function createModelRequestService(ctx: AppContext) {
  const moderation = createModerationService(ctx);
  const limiter = ctx.limiter({
    name: "model-requests",
    points: MODEL_REQUEST_LIMITS.perHour,
    durationSec: 3600,
  });

  async function duplicateCheck(key: string): Promise<void> {
    const model = await findModelByKey(ctx.db, key);
    if (model) {
      throw conflict(
        MODEL_REQUEST_MESSAGES.exists(model.name),
        MODEL_REQUEST_CODES.exists,
        `/ai-models/${model.slug}`,
      );
    }
    const live = await findLiveByKey(ctx.db, key);
    if (live) {
      throw conflict(
        MODEL_REQUEST_MESSAGES.duplicate(live.name),
        MODEL_REQUEST_CODES.duplicate,
        requestAnchor(live.id, live.status),
      );
    }
  }

  /** Name and maker go through the profanity filter; the reason through the posts' whole pipeline. */
  async function moderate(
    user: SessionUser,
    input: { name: string; maker: string; why: string },
  ): Promise<string> {
    const settings = await getModerationSettings(ctx);
    if (settings.profanityFilter) {
      const bad = [input.name, input.maker].find((f) => containsProfanity(f));
      if (bad !== undefined) {
        await moderation.recordAction({
          userId: user.id,
          action: "Model request blocked",
          reason: "Prohibited language",
          content: bad,
        });
        throw unprocessable(MODERATION_MESSAGES.prohibited, MODERATION_CODES.prohibited);
      }
    }
    return moderation.check(user, input.why, { kind: "request" });
  }

  async function required(id: number, viewer: SessionUser | null): Promise<ModelRequest> {
    const row = await findRequest(ctx.db, id, viewer?.id ?? null);
    if (!row) throw notFound(MODEL_REQUEST_MESSAGES.notFound);
    return present(row, viewer);
  }

  /** Tells each member once (the requester and the upvoters), after the decision is committed. */
  async function tell(recipients: number[], phrase: string, url: string): Promise<void> {
    for (const recipientId of new Set(recipients)) {
      try {
        await notify(ctx, { recipientId, type: "model_request", phrase, url, actorId: null });
      } catch (err) {
        ctx.log.error({ err }, "could not notify about a model request");
      }
    }
  }

  /** Locks an open request inside `tx`; 404 when missing, 409 when already decided. */
  async function lockOpen(tx: Parameters<typeof lockRequest>[0], id: number) {
    const row = await lockRequest(tx, id);
    if (!row) throw notFound(MODEL_REQUEST_MESSAGES.notFound);
    if (row.status !== "open") throw conflict(MODEL_REQUEST_MESSAGES.notOpen, MODEL_REQUEST_CODES.notOpen);
    return row;
  }

  return {
    async list(viewer: SessionUser | null, raw: ModelRequestListQuery): Promise<ModelRequestPage> {
      const query = modelRequestListQuerySchema.parse(raw);
      const filter = await viewerFilter(ctx, viewer);
      const rows = await listRequests(ctx.db, {
        status: query.status,
        sort: query.sort,
        limit: query.limit,
        cursor: query.cursor,
        viewerId: viewer?.id ?? null,
        extra: notAuthoredBy(filter.hidden, "r.requester_id"),
      });
      const page = rows.slice(0, query.limit);
      return {
        items: page.map((r) => present(r, viewer)),
        nextCursor: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
      };
    },

    async create(user: SessionUser, raw: ModelRequestInput): Promise<ModelRequest> {
      const input = modelRequestInputSchema.parse(raw);
      const key = normaliseModelName(input.name);
      await duplicateCheck(key);
      await limiter.consume(String(user.id), MODEL_REQUEST_MESSAGES.rateLimited);
      const why = await moderate(user, input);
      let id: number;
      try {
        const rows = await queryRows<{ id: number }>(
          ctx.db,
          sql`INSERT INTO model_requests (requester_id, name, name_key, maker, link, why, created_at)
            VALUES (${user.id}, ${input.name}, ${key}, ${input.maker}, ${input.link}, ${why}, ${ctx.now()})
            RETURNING id`,
        );
        id = rows[0]!.id;
      } catch (err) {
        // Two members asked for the same model at the same moment: the unique key decides.
        const live = await findLiveByKey(ctx.db, key);
        if (live) {
          throw conflict(
            MODEL_REQUEST_MESSAGES.duplicate(live.name),
            MODEL_REQUEST_CODES.duplicate,
            requestAnchor(live.id, live.status),
          );
        }
        throw err;
      }
      return required(id, user);
    },

    async upvote(
      user: SessionUser,
      id: number,
      upvoted: boolean,
    ): Promise<{ upvoted: boolean; upvotes: number }> {
      return ctx.db.transaction(async (tx) => {
        const row = await lockRequest(tx, id);
        if (!row) throw notFound(MODEL_REQUEST_MESSAGES.notFound);
        if (row.requester_id === user.id) {
          throw new AppError(403, MODEL_REQUEST_MESSAGES.ownUpvote, MODEL_REQUEST_CODES.ownUpvote);
        }
        if (row.status !== "open")
          throw conflict(MODEL_REQUEST_MESSAGES.notOpen, MODEL_REQUEST_CODES.notOpen);
        if (upvoted) {
          await queryRows(
            tx,
            sql`INSERT INTO model_request_upvotes (request_id, user_id, created_at)
              VALUES (${id}, ${user.id}, ${ctx.now()}) ON CONFLICT DO NOTHING`,
          );
        } else {
          await queryRows(
            tx,
            sql`DELETE FROM model_request_upvotes WHERE request_id = ${id} AND user_id = ${user.id}`,
          );
        }
        return { upvoted, upvotes: await recountUpvotes(tx, id) };
      });
    },

    async accept(admin: SessionUser, id: number, reason = ""): Promise<ModelRequest> {
      const { name, recipients } = await ctx.db.transaction(async (tx) => {
        const row = await lockOpen(tx, id);
        const existing = await findModelByKey(tx, normaliseModelName(row.name));
        if (existing) {
          throw conflict(
            MODEL_REQUEST_MESSAGES.exists(existing.name),
            MODEL_REQUEST_CODES.exists,
            `/ai-models/${existing.slug}`,
          );
        }
        await queryRows(
          tx,
          sql`UPDATE model_requests SET status = 'accepted', decided_at = ${ctx.now()} WHERE id = ${id}`,
        );
        await recordAudit(ctx, tx, admin, {
          action: "model_request.accept",
          summary: `Accepted the model request “${row.name}” (a draft model)`,
          targetType: "model_request",
          targetId: id,
          reason,
        });
        return { name: row.name, recipients: [row.requester_id, ...(await upvoterIds(tx, id))] };
      });
      await tell(
        recipients,
        `Your model request “${name}” was accepted: it will join the directory soon.`,
        requestAnchor(id, "accepted"),
      );
      return required(id, admin);
    },

    async decline(admin: SessionUser, id: number, reason: string): Promise<ModelRequest> {
      const { name, recipients } = await ctx.db.transaction(async (tx) => {
        const row = await lockOpen(tx, id);
        await queryRows(
          tx,
          sql`UPDATE model_requests SET status = 'declined', decline_reason = ${reason}, decided_at = ${ctx.now()}
            WHERE id = ${id}`,
        );
        await recordAudit(ctx, tx, admin, {
          action: "model_request.decline",
          summary: `Declined the model request “${row.name}”`,
          targetType: "model_request",
          targetId: id,
          reason,
        });
        return { name: row.name, recipients: [row.requester_id, ...(await upvoterIds(tx, id))] };
      });
      await tell(
        recipients,
        `Your model request “${name}” was declined: ${reason}`,
        requestAnchor(id, "declined"),
      );
      return required(id, admin);
    },

    /** `id` is merged into `intoId`: its requester and upvoters become upvoters of the other. */
    async merge(admin: SessionUser, id: number, intoId: number, reason = ""): Promise<ModelRequest> {
      if (id === intoId)
        throw new AppError(400, MODEL_REQUEST_MESSAGES.sameRequest, MODEL_REQUEST_CODES.sameRequest);
      const { from, into } = await ctx.db.transaction(async (tx) => {
        // Lock both in id order: two merges the other way round cannot deadlock.
        const [first, second] = id < intoId ? [id, intoId] : [intoId, id];
        const a = await lockOpen(tx, first);
        const b = await lockOpen(tx, second);
        const from = a.id === id ? a : b;
        const into = a.id === id ? b : a;
        await queryRows(
          tx,
          sql`INSERT INTO model_request_upvotes (request_id, user_id, created_at)
            SELECT ${intoId}, user_id, created_at FROM model_request_upvotes WHERE request_id = ${id}
            ON CONFLICT DO NOTHING`,
        );
        await queryRows(
          tx,
          sql`INSERT INTO model_request_upvotes (request_id, user_id, created_at)
            VALUES (${intoId}, ${from.requester_id}, ${ctx.now()}) ON CONFLICT DO NOTHING`,
        );
        // Nobody upvotes their own request.
        await queryRows(
          tx,
          sql`DELETE FROM model_request_upvotes WHERE request_id = ${intoId} AND user_id = ${into.requester_id}`,
        );
        await queryRows(tx, sql`DELETE FROM model_request_upvotes WHERE request_id = ${id}`);
        await queryRows(
          tx,
          sql`UPDATE model_requests SET status = 'merged', merged_into_id = ${intoId}, upvotes = 0,
              decided_at = ${ctx.now()} WHERE id = ${id}`,
        );
        await recountUpvotes(tx, intoId);
        await recordAudit(ctx, tx, admin, {
          action: "model_request.merge",
          summary: `Merged the model request “${from.name}” into “${into.name}”`,
          targetType: "model_request",
          targetId: id,
          reason,
          details: { intoId },
        });
        return { from, into };
      });
      await tell(
        [from.requester_id],
        `Your model request “${from.name}” was merged into “${into.name}”: your vote counts there.`,
        requestAnchor(intoId),
      );
      return required(intoId, admin);
    },

    async saveDraft(admin: SessionUser, id: number, raw: DraftInput): Promise<ModelRequest> {
      const input = draftInputSchema.parse(raw);
      await ctx.db.transaction(async (tx) => {
        const row = await lockRequest(tx, id);
        if (!row) throw notFound(MODEL_REQUEST_MESSAGES.notFound);
        const current = await findRequest(tx, id, null);
        if (row.status !== "accepted" || current?.model_id !== null) {
          throw conflict(MODEL_REQUEST_MESSAGES.notDraft, MODEL_REQUEST_CODES.notDraft);
        }
        // A renamed draft must not become another live request's or a listed model's duplicate.
        const key = normaliseModelName(input.name);
        const live = await findLiveByKey(tx, key);
        if (live && live.id !== id) {
          throw conflict(
            MODEL_REQUEST_MESSAGES.duplicate(live.name),
            MODEL_REQUEST_CODES.duplicate,
            requestAnchor(live.id, live.status),
          );
        }
        const model = await findModelByKey(tx, key);
        if (model) {
          throw conflict(
            MODEL_REQUEST_MESSAGES.exists(model.name),
            MODEL_REQUEST_CODES.exists,
            `/ai-models/${model.slug}`,
          );
        }
        await queryRows(
          tx,
          sql`UPDATE model_requests SET name = ${input.name}, name_key = ${normaliseModelName(input.name)},
              maker = ${input.maker}, link = ${input.link}, draft_description = ${input.description},
              draft_category = ${input.category}, draft_pricing = ${input.pricing}
            WHERE id = ${id}`,
        );
        await recordAudit(ctx, tx, admin, {
          action: "model_request.draft",
          summary: `Edited the draft model “${input.name}”`,
          targetType: "model_request",
          targetId: id,
        });
      });
      return required(id, admin);
    },

    async publish(admin: SessionUser, id: number): Promise<{ slug: string; message: string }> {
      const { slug, recipients, name } = await ctx.db.transaction(async (tx) => {
        const locked = await lockRequest(tx, id);
        if (!locked) throw notFound(MODEL_REQUEST_MESSAGES.notFound);
        const row = await findRequest(tx, id, null);
        if (!row || locked.status !== "accepted" || row.model_id !== null) {
          throw conflict(MODEL_REQUEST_MESSAGES.notDraft, MODEL_REQUEST_CODES.notDraft);
        }
        const missing = draftMissing(row);
        if (missing.length > 0)
          throw conflict(MODEL_REQUEST_MESSAGES.incomplete(missing), MODEL_REQUEST_CODES.incomplete);
        const existing = await findModelByKey(tx, normaliseModelName(row.name));
        if (existing) {
          throw conflict(
            MODEL_REQUEST_MESSAGES.exists(existing.name),
            MODEL_REQUEST_CODES.exists,
            `/ai-models/${existing.slug}`,
          );
        }
        // The one insert of a new model (decision 0116): a free slug from the name, under the slugs' lock.
        const { id: modelId, slug } = await createModelIn(ctx, tx, {
          name: row.name,
          company: row.maker,
          description: row.draft_description,
          longDescription: "",
          category: row.draft_category as ModelCategory,
          pricing: row.draft_pricing as ModelPricing,
          pricingDetails: null,
          priceInputPerM: null,
          priceOutputPerM: null,
          contextWindow: null,
          license: null,
          openWeights: false,
          features: [],
          useCases: [],
          modelSize: null,
          trainingData: null,
          hasApi: false,
          isOpenSource: false,
          isVerified: false,
          website: row.link,
          releaseDate: null,
          benchmarkDetails: {},
          sources: [row.link],
          lastVerifiedAt: null,
        });
        const inserted = [{ id: modelId }];
        await queryRows(tx, sql`UPDATE model_requests SET model_id = ${inserted[0]!.id} WHERE id = ${id}`);
        await recordAudit(ctx, tx, admin, {
          action: "model_request.publish",
          summary: `Published the model “${row.name}” from its request`,
          targetType: "ai_model",
          targetId: inserted[0]!.id,
          details: { requestId: id, slug },
        });
        return { slug, name: row.name, recipients: [row.requester_id, ...(await upvoterIds(tx, id))] };
      });
      await tell(
        recipients,
        `“${name}”, the model you asked for, is now in the directory.`,
        `/ai-models/${slug}`,
      );
      return { slug, message: MODEL_REQUEST_MESSAGES.published };
    },
  };
}

import { benchmarkScoreOf, type ModelCategory, type ModelPricing } from "../../../common/ai-models";
import {
  CATALOG_CODES,
  CATALOG_MESSAGES,
  type CatalogListItem,
  type CatalogListQuery,
  type CatalogModel,
  type CatalogModelInput,
  type CatalogModelValues,
  type CatalogPage,
  type CatalogResult,
  catalogListQuerySchema,
  catalogModelInputSchema,
  dayOf,
  isStale,
  type ReviewQueueQuery,
  reviewQueueQuerySchema,
  slugify,
  staleBefore,
} from "../../../common/catalog";
import { normaliseModelName } from "../../../common/model-requests";
import type { DbOrTx } from "../../db/connect";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { recordAudit } from "../admin/public";
import {
  type CatalogListRow,
  type CatalogRow,
  findCatalogModel,
  freeSlug,
  insertModel,
  listCatalog,
  lockSlugs,
  modelWithNameKey,
  moveSlug,
  redirectsOf,
  reviewQueue,
  setRetired,
  setVerified,
  slugHolder,
  updateModel,
} from "./queries";

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The row's facts in the shape of the input (what an edit compares and the editor shows). */
function valuesOf(row: CatalogRow): CatalogModelValues {
  return {
    name: row.name,
    slug: row.slug,
    company: row.company,
    description: row.description,
    longDescription: row.long_description,
    category: row.category as ModelCategory,
    pricing: row.pricing as ModelPricing,
    pricingDetails: row.pricing_details,
    priceInputPerM: row.price_input_per_m === null ? null : Number(row.price_input_per_m),
    priceOutputPerM: row.price_output_per_m === null ? null : Number(row.price_output_per_m),
    contextWindow: row.context_window,
    license: row.license,
    openWeights: row.open_weights,
    features: row.features,
    useCases: row.use_cases,
    modelSize: row.model_size,
    trainingData: row.training_data,
    hasApi: row.has_api,
    isOpenSource: row.is_open_source,
    isVerified: row.is_verified,
    website: row.website,
    releaseDate: row.release_date,
    benchmarkDetails: row.benchmark_details ?? {},
    sources: row.sources,
    lastVerifiedAt: row.last_verified_at,
  };
}

function present(row: CatalogRow, redirects: string[]): CatalogModel {
  const { slug: _slug, ...facts } = valuesOf(row);
  return {
    ...facts,
    id: row.id,
    slug: row.slug,
    retiredAt: row.retired_at === null ? null : iso(row.retired_at),
    updatedAt: iso(row.updated_at),
    redirects,
  };
}

function presentItem(row: CatalogListRow, today: Date): CatalogListItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    company: row.company,
    category: row.category as ModelCategory,
    lastVerifiedAt: row.last_verified_at,
    retiredAt: row.retired_at === null ? null : iso(row.retired_at),
    stale: isStale(row.last_verified_at, today),
  };
}

/** Field labels of the audit log's "what changed". */
const LABELS: Record<keyof CatalogModelValues, string> = {
  name: "name",
  slug: "slug",
  company: "company",
  description: "description",
  longDescription: "long description",
  category: "category",
  pricing: "pricing",
  pricingDetails: "pricing details",
  priceInputPerM: "input price",
  priceOutputPerM: "output price",
  contextWindow: "context window",
  license: "license",
  openWeights: "open weights",
  features: "features",
  useCases: "use cases",
  modelSize: "model size",
  trainingData: "training data",
  hasApi: "API",
  isOpenSource: "open source",
  isVerified: "verified",
  website: "website",
  releaseDate: "release date",
  benchmarkDetails: "benchmarks",
  sources: "sources",
  lastVerifiedAt: "last verified",
};

/** Each field whose value differs: { field: { from, to } }. */
export function changesBetween(
  before: CatalogModelValues,
  after: CatalogModelValues,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(LABELS) as (keyof CatalogModelValues)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      out[key] = { from: before[key] ?? null, to: after[key] ?? null };
    }
  }
  return out;
}

/**
 * Creates a model inside `tx` (the one insert of a new model: the editor and a published model
 * request both come here, decision 0116). The slug is the given one, or the name's made free
 * with -2, -3, …; a given slug another model holds (now or as an old slug) is a 409, and so is a
 * name the directory already has.
 */
export async function createModelIn(
  ctx: AppContext,
  tx: DbOrTx,
  values: CatalogModelValues,
): Promise<{ id: number; slug: string }> {
  await lockSlugs(tx);
  const existing = await modelWithNameKey(tx, normaliseModelName(values.name), null);
  if (existing) {
    throw conflict(
      CATALOG_MESSAGES.nameTaken(existing.name),
      CATALOG_CODES.nameTaken,
      `/ai-models/${existing.slug}`,
    );
  }
  let slug: string;
  if (values.slug) {
    if (await slugHolder(tx, values.slug)) {
      throw conflict(CATALOG_MESSAGES.slugTaken(values.slug), CATALOG_CODES.slugTaken);
    }
    slug = values.slug;
  } else {
    slug = await freeSlug(tx, slugify(values.name) || "model");
  }
  const id = await insertModel(tx, slug, values, benchmarkScoreOf(values.benchmarkDetails), ctx.now());
  return { id, slug };
}

export function createCatalogService(ctx: AppContext) {
  function checkDates(values: CatalogModelValues): void {
    if (values.lastVerifiedAt !== null && values.lastVerifiedAt > dayOf(ctx.now())) {
      throw badRequest(CATALOG_MESSAGES.futureVerified, CATALOG_CODES.futureDate);
    }
  }

  async function required(db: DbOrTx, id: number, lock = false): Promise<CatalogRow> {
    const row = await findCatalogModel(db, id, lock);
    if (!row) throw notFound(CATALOG_MESSAGES.notFound);
    return row;
  }

  async function answer(id: number, message: string): Promise<CatalogResult> {
    const row = await required(ctx.db, id);
    return { model: present(row, await redirectsOf(ctx.db, id)), message };
  }

  return {
    async list(raw: CatalogListQuery): Promise<CatalogPage> {
      const q = catalogListQuerySchema.parse(raw);
      const rows = await listCatalog(ctx.db, q);
      const page = rows.slice(0, q.limit);
      const today = ctx.now();
      return {
        items: page.map((r) => presentItem(r, today)),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async reviewQueue(raw: ReviewQueueQuery): Promise<CatalogPage> {
      const q = reviewQueueQuerySchema.parse(raw);
      const today = ctx.now();
      const rows = await reviewQueue(ctx.db, {
        before: staleBefore(today),
        limit: q.limit,
        cursor: q.cursor,
      });
      const page = rows.slice(0, q.limit);
      return {
        items: page.map((r) => presentItem(r, today)),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async get(id: number): Promise<CatalogModel> {
      const row = await required(ctx.db, id);
      return present(row, await redirectsOf(ctx.db, id));
    },

    async create(admin: SessionUser, raw: CatalogModelInput): Promise<CatalogResult> {
      const values = catalogModelInputSchema.parse(raw);
      checkDates(values);
      const { id } = await ctx.db.transaction(async (tx) => {
        const created = await createModelIn(ctx, tx, values);
        await recordAudit(ctx, tx, admin, {
          action: "catalog.create",
          summary: `Created the model “${values.name}” (/ai-models/${created.slug})`,
          targetType: "ai_model",
          targetId: created.id,
          details: { slug: created.slug },
        });
        return created;
      });
      return answer(id, CATALOG_MESSAGES.created);
    },

    async update(admin: SessionUser, id: number, raw: CatalogModelInput): Promise<CatalogResult> {
      const input = catalogModelInputSchema.parse(raw);
      checkDates(input);
      await ctx.db.transaction(async (tx) => {
        await lockSlugs(tx);
        const row = await required(tx, id, true);
        // The row is locked: an edit saved since this editor opened the model wins, this one is refused.
        if (input.expectedUpdatedAt !== undefined && iso(input.expectedUpdatedAt) !== iso(row.updated_at)) {
          throw conflict(CATALOG_MESSAGES.changedMeanwhile, CATALOG_CODES.changedMeanwhile);
        }
        const before = valuesOf(row);
        const { expectedUpdatedAt: _expected, ...values } = input;
        const after: CatalogModelValues = { ...values, slug: values.slug ?? row.slug };
        const other = await modelWithNameKey(tx, normaliseModelName(after.name), id);
        if (other) {
          throw conflict(
            CATALOG_MESSAGES.nameTaken(other.name),
            CATALOG_CODES.nameTaken,
            `/ai-models/${other.slug}`,
          );
        }
        const slug = after.slug ?? row.slug;
        if (slug !== row.slug) {
          const holder = await slugHolder(tx, slug);
          if (holder && holder.modelId !== id) {
            throw conflict(CATALOG_MESSAGES.slugTaken(slug), CATALOG_CODES.slugTaken);
          }
          await moveSlug(tx, id, row.slug, slug, ctx.now());
        }
        const changes = changesBetween(before, after);
        const changed = Object.keys(changes);
        if (changed.length === 0) return;
        await updateModel(tx, id, slug, after, benchmarkScoreOf(after.benchmarkDetails), ctx.now());
        await recordAudit(ctx, tx, admin, {
          action: "catalog.update",
          summary: `Edited the model “${after.name}”: ${changed.map((k) => LABELS[k as keyof CatalogModelValues]).join(", ")}`,
          targetType: "ai_model",
          targetId: id,
          details: { changes },
        });
      });
      return answer(id, CATALOG_MESSAGES.saved);
    },

    async retire(admin: SessionUser, id: number, reason = ""): Promise<CatalogResult> {
      await ctx.db.transaction(async (tx) => {
        const row = await required(tx, id, true);
        if (row.retired_at !== null)
          throw conflict(CATALOG_MESSAGES.alreadyRetired, CATALOG_CODES.alreadyRetired);
        await setRetired(tx, id, ctx.now(), ctx.now());
        await recordAudit(ctx, tx, admin, {
          action: "catalog.retire",
          summary: `Retired the model “${row.name}”`,
          targetType: "ai_model",
          targetId: id,
          reason,
          details: { changes: { retired: { from: false, to: true } } },
        });
      });
      return answer(id, CATALOG_MESSAGES.retired);
    },

    async restore(admin: SessionUser, id: number): Promise<CatalogResult> {
      await ctx.db.transaction(async (tx) => {
        const row = await required(tx, id, true);
        if (row.retired_at === null) throw conflict(CATALOG_MESSAGES.notRetired, CATALOG_CODES.notRetired);
        await setRetired(tx, id, null, ctx.now());
        await recordAudit(ctx, tx, admin, {
          action: "catalog.restore",
          summary: `Restored the model “${row.name}” to the directory`,
          targetType: "ai_model",
          targetId: id,
          details: { changes: { retired: { from: true, to: false } } },
        });
      });
      return answer(id, CATALOG_MESSAGES.restored);
    },

    async verify(admin: SessionUser, id: number): Promise<CatalogResult> {
      await ctx.db.transaction(async (tx) => {
        const row = await required(tx, id, true);
        const today = dayOf(ctx.now());
        await setVerified(tx, id, today, ctx.now());
        await recordAudit(ctx, tx, admin, {
          action: "catalog.verify",
          summary: `Marked the facts of “${row.name}” verified on ${today}`,
          targetType: "ai_model",
          targetId: id,
          details: { changes: { lastVerifiedAt: { from: row.last_verified_at, to: today } } },
        });
      });
      return answer(id, CATALOG_MESSAGES.verified);
    },
  };
}

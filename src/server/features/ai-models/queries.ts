import { and, eq, inArray, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import {
  bayesianRating,
  distributionStats,
  type ModelSort,
  type ReviewSort,
} from "../../../common/ai-models";
import type { Generation } from "../../../common/constants";
import { type DbOrTx, queryRows } from "../../db/connect";
import {
  aiModels,
  modelBookmarks,
  modelCommentLikes,
  modelComments,
  modelLikes,
  modelRatings,
  modelViews,
} from "../../db/schema";
import { recordRevision } from "../history/public";
import { visibleSql } from "../moderation/public";
import { tsQueries } from "../search/public";

/** The columns of a model card (never the search columns). */
export const summaryColumns = {
  id: aiModels.id,
  slug: aiModels.slug,
  name: aiModels.name,
  company: aiModels.company,
  description: aiModels.description,
  category: aiModels.category,
  pricing: aiModels.pricing,
  pricingDetails: aiModels.pricingDetails,
  rating: aiModels.rating,
  reviewCount: aiModels.reviewCount,
  likes: aiModels.likes,
  views: aiModels.views,
  benchmarkScore: aiModels.benchmarkScore,
  hasApi: aiModels.hasApi,
  isOpenSource: aiModels.isOpenSource,
  isVerified: aiModels.isVerified,
  releaseDate: sql<string | null>`to_char(${aiModels.releaseDate}, 'YYYY-MM-DD')`.as("release_date_text"),
  score: aiModels.score,
};

export const fullColumns = {
  ...summaryColumns,
  longDescription: aiModels.longDescription,
  features: aiModels.features,
  useCases: aiModels.useCases,
  modelSize: aiModels.modelSize,
  trainingData: aiModels.trainingData,
  website: aiModels.website,
  benchmarkDetails: aiModels.benchmarkDetails,
  sources: aiModels.sources,
  ratingCounts: aiModels.ratingCounts,
  // Catalog facts (migration 0035, decisions 0116 and 0117)
  priceInputPerM: sql<number | null>`${aiModels.priceInputPerM}::float8`.as("price_input_per_m_f"),
  priceOutputPerM: sql<number | null>`${aiModels.priceOutputPerM}::float8`.as("price_output_per_m_f"),
  contextWindow: aiModels.contextWindow,
  license: aiModels.license,
  openWeights: aiModels.openWeights,
  lastVerifiedAt: sql<string | null>`to_char(${aiModels.lastVerifiedAt}, 'YYYY-MM-DD')`.as(
    "last_verified_text",
  ),
  retiredAt: aiModels.retiredAt,
};

export interface SummaryRow {
  id: number;
  slug: string;
  name: string;
  company: string;
  description: string;
  category: string;
  pricing: string;
  pricingDetails: string | null;
  rating: number;
  reviewCount: number;
  likes: number;
  views: number;
  benchmarkScore: number | null;
  hasApi: boolean;
  isOpenSource: boolean;
  isVerified: boolean;
  /** `YYYY-MM-DD`, formatted by the database (no time-zone shifts). */
  releaseDate: string | null;
  score: number;
}
export type FullRow = SummaryRow & {
  longDescription: string;
  features: string[];
  useCases: string[];
  modelSize: string | null;
  trainingData: string | null;
  website: string | null;
  benchmarkDetails: Record<string, number>;
  sources: string[];
  ratingCounts: number[];
  priceInputPerM: number | null;
  priceOutputPerM: number | null;
  contextWindow: number | null;
  license: string | null;
  openWeights: boolean;
  lastVerifiedAt: string | null;
  retiredAt: Date | null;
};

// ---------------------------------------------------------------------------------------------
// Directory list: filters, search and keyset pagination over any sort
// ---------------------------------------------------------------------------------------------

interface SortKey {
  expr: SQL;
  dir: "asc" | "desc";
}

const lowerName = sql`lower(${aiModels.name})`;
const releaseKey = sql`coalesce(${aiModels.releaseDate}, DATE '0001-01-01')`;

function sortKeys(sort: ModelSort | "relevance", relevance: SQL | undefined): SortKey[] {
  const tail: SortKey[] = [
    { expr: lowerName, dir: "asc" },
    { expr: sql`${aiModels.id}`, dir: "asc" },
  ];
  switch (sort) {
    case "relevance":
      return [{ expr: relevance ?? sql`0`, dir: "desc" }, ...tail];
    case "rating":
      // Top Rated: the Bayesian score (decision 0097), not the plain mean.
      return [{ expr: sql`${aiModels.score}`, dir: "desc" }, ...tail];
    case "arena":
      // The arena's overall rating (decision 0102); models not in the Arena last.
      return [{ expr: sql`coalesce(${aiModels.arenaRating}, '-Infinity'::float8)`, dir: "desc" }, ...tail];
    case "likes":
      return [{ expr: sql`${aiModels.likes}`, dir: "desc" }, ...tail];
    case "views":
      return [{ expr: sql`${aiModels.views}`, dir: "desc" }, ...tail];
    case "newest":
      return [{ expr: releaseKey, dir: "desc" }, ...tail];
    case "alphabetical":
      return tail;
  }
}

/**
 * Rows strictly after the cursor row in the order of `keys` (the last key is the unique id):
 * k1 beyond c1, or k1 = c1 and k2 beyond c2, … The cursor row's values are read in a subquery,
 * so "the last id seen" is enough whatever the sort.
 */
function afterCursor(keys: SortKey[], cursor: number): SQL {
  const cursorValue = (k: SortKey) =>
    sql`(SELECT ${k.expr} FROM ${aiModels} WHERE ${aiModels.id} = ${cursor})`;
  const branches = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k) => sql`${k.expr} = ${cursorValue(k)}`);
    const beyond =
      key.dir === "desc" ? sql`${key.expr} < ${cursorValue(key)}` : sql`${key.expr} > ${cursorValue(key)}`;
    return sql.join([...equal, beyond], sql` AND `);
  });
  return sql`(${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` OR `,
  )})`;
}

const WORD_SIMILARITY = 0.5;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListFilter {
  search?: string;
  category?: string;
  pricing?: string[];
  sort?: ModelSort;
  limit: number;
  cursor?: number;
}

export async function listModels(db: DbOrTx, f: ListFilter): Promise<SummaryRow[]> {
  // Retired models leave the directory, its search and the compare picker (decision 0116).
  const conditions: SQL[] = [isNull(aiModels.retiredAt)];
  if (f.category) conditions.push(eq(aiModels.category, f.category));
  if (f.pricing && f.pricing.length > 0) conditions.push(inArray(aiModels.pricing, f.pricing));
  let relevance: SQL | undefined;
  if (f.search) {
    const lowered = f.search.toLowerCase();
    const like = `%${escapeLike(lowered)}%`;
    const { web: tsq, prefix } = tsQueries(f.search);
    // Full text (stemmed words of the normalised text, also as prefixes: "gpt4" ~ "GPT-4o",
    // common/search.ts), substring of name/company/description, or trigram word similarity to
    // the name or company ("lama" ~ "llama", "clade" ~ "claude").
    conditions.push(
      sql`(${aiModels.searchVector} @@ ${tsq} OR ${aiModels.searchVector} @@ ${prefix} OR ${aiModels.searchText} LIKE ${like} OR ${lowered} <% ${aiModels.nameText})`,
    );
    relevance = sql`(ts_rank(${aiModels.searchVector}, ${tsq}) + word_similarity(${lowered}, lower(${aiModels.name})) + CASE WHEN lower(${aiModels.name}) LIKE ${like} THEN 1 ELSE 0 END)`;
  }
  const keys = sortKeys(f.sort ?? (relevance ? "relevance" : "rating"), relevance);
  if (f.cursor) conditions.push(afterCursor(keys, f.cursor));
  const run = (tx: DbOrTx) =>
    tx
      .select(summaryColumns)
      .from(aiModels)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...keys.map((k) => (k.dir === "desc" ? sql`${k.expr} DESC` : sql`${k.expr} ASC`)))
      .limit(f.limit) as Promise<SummaryRow[]>;
  if (!relevance) return run(db);
  // `<%` (indexable) uses the session's threshold; 0.5 instead of the default 0.6 catches a
  // dropped or swapped letter in short names. set_config(…, true): this transaction only.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`,
    );
    return run(tx);
  });
}

// ---------------------------------------------------------------------------------------------
// Single models
// ---------------------------------------------------------------------------------------------

export async function findModelBySlug(db: DbOrTx, slug: string): Promise<FullRow | undefined> {
  const [row] = await db.select(fullColumns).from(aiModels).where(eq(aiModels.slug, slug)).limit(1);
  return row as FullRow | undefined;
}

/** The model an old slug of a renamed model leads to (decision 0116; its primary key). */
export async function findModelByOldSlug(db: DbOrTx, slug: string): Promise<FullRow | undefined> {
  const [row] = await db
    .select(fullColumns)
    .from(aiModels)
    .where(sql`${aiModels.id} = (SELECT model_id FROM ai_model_slug_redirects WHERE slug = ${slug})`)
    .limit(1);
  return row as FullRow | undefined;
}

export async function findModelById(db: DbOrTx, id: number): Promise<FullRow | undefined> {
  const [row] = await db.select(fullColumns).from(aiModels).where(eq(aiModels.id, id)).limit(1);
  return row as FullRow | undefined;
}

export async function findModelsByIds(db: DbOrTx, ids: number[]): Promise<FullRow[]> {
  if (ids.length === 0) return [];
  return (await db.select(fullColumns).from(aiModels).where(inArray(aiModels.id, ids))) as FullRow[];
}

/** Takes the model row's lock for the rest of the transaction: writes to its counters queue here. */
export async function lockModel(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM ai_models WHERE id = ${id} FOR UPDATE`);
  return rows.length > 0;
}

export async function similarModels(
  db: DbOrTx,
  model: { id: number; category: string },
  limit = 3,
): Promise<SummaryRow[]> {
  const rows = await db
    .select(summaryColumns)
    .from(aiModels)
    .where(and(eq(aiModels.category, model.category), ne(aiModels.id, model.id), isNull(aiModels.retiredAt)))
    .orderBy(
      sql`${aiModels.score} DESC`,
      sql`${aiModels.likes} DESC`,
      sql`lower(${aiModels.name}) ASC`,
      aiModels.id,
    )
    .limit(limit);
  return rows as SummaryRow[];
}

// ---------------------------------------------------------------------------------------------
// Members' state on a model
// ---------------------------------------------------------------------------------------------

export async function viewerState(
  db: DbOrTx,
  modelId: number,
  userId: number,
): Promise<{ liked: boolean; bookmarked: boolean; rating: number | null; review: string | null }> {
  const [r] = await queryRows<{
    liked: boolean;
    bookmarked: boolean;
    rating: number | null;
    review: string | null;
  }>(
    db,
    sql`SELECT
          EXISTS (SELECT 1 FROM model_likes WHERE model_id = ${modelId} AND user_id = ${userId}) AS liked,
          EXISTS (SELECT 1 FROM model_bookmarks WHERE model_id = ${modelId} AND user_id = ${userId}) AS bookmarked,
          (SELECT rating::int FROM model_ratings WHERE model_id = ${modelId} AND user_id = ${userId}) AS rating,
          (SELECT review FROM model_ratings WHERE model_id = ${modelId} AND user_id = ${userId}) AS review`,
  );
  return {
    liked: Boolean(r?.liked),
    bookmarked: Boolean(r?.bookmarked),
    rating: r?.rating ?? null,
    review: r?.review ?? null,
  };
}

export interface GenerationAverage {
  modelId: number;
  generation: string;
  average: number;
  count: number;
}

/**
 * Members' average rating per generation, only for generations with at least `min` ratings:
 * the per (model, generation) sums the discovery triggers keep (migration 0010, also read by
 * the insights), not an aggregate over every rating of a popular model joined to its raters
 * (170-260 ms per model detail or compare at 200,000 ratings). Like the insights, it leaves
 * out ratings given anonymously.
 */
export async function generationAverages(
  db: DbOrTx,
  modelIds: number[],
  min: number,
): Promise<GenerationAverage[]> {
  if (modelIds.length === 0) return [];
  return queryRows<GenerationAverage>(
    db,
    sql`SELECT model_id AS "modelId", generation,
               round(total::numeric / ratings, 2)::float8 AS average, ratings AS count
          FROM model_generation_ratings
         WHERE model_id IN (${sql.join(
           modelIds.map((id) => sql`${id}`),
           sql`, `,
         )})
           AND ratings >= ${Math.max(1, min)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Likes and bookmarks (run inside the service's transaction)
// ---------------------------------------------------------------------------------------------

export async function hasLike(db: DbOrTx, modelId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(modelLikes)
    .where(and(eq(modelLikes.modelId, modelId), eq(modelLikes.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertLike(db: DbOrTx, modelId: number, userId: number, at: Date): Promise<void> {
  await db.insert(modelLikes).values({ modelId, userId, createdAt: at }).onConflictDoNothing();
}

export async function deleteLike(db: DbOrTx, modelId: number, userId: number): Promise<void> {
  await db.delete(modelLikes).where(and(eq(modelLikes.modelId, modelId), eq(modelLikes.userId, userId)));
}

/** Recounts the model's likes from the likes table (exact, under the model's row lock). */
export async function recountLikes(db: DbOrTx, modelId: number): Promise<number> {
  const [r] = await queryRows<{ likes: number }>(
    db,
    sql`UPDATE ai_models SET likes = (SELECT count(*)::int FROM model_likes WHERE model_id = ${modelId})
         WHERE id = ${modelId} RETURNING likes`,
  );
  return r?.likes ?? 0;
}

export async function hasBookmark(db: DbOrTx, modelId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(modelBookmarks)
    .where(and(eq(modelBookmarks.modelId, modelId), eq(modelBookmarks.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertBookmark(db: DbOrTx, modelId: number, userId: number, at: Date): Promise<void> {
  await db.insert(modelBookmarks).values({ modelId, userId, createdAt: at }).onConflictDoNothing();
}

export async function deleteBookmark(db: DbOrTx, modelId: number, userId: number): Promise<void> {
  await db
    .delete(modelBookmarks)
    .where(and(eq(modelBookmarks.modelId, modelId), eq(modelBookmarks.userId, userId)));
}

export async function countBookmarks(db: DbOrTx, modelId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM model_bookmarks WHERE model_id = ${modelId}`,
  );
  return r?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Ratings
// ---------------------------------------------------------------------------------------------

/** The optional parts of a structured review (issue 23 item 1). */
export interface StructuredReview {
  pros: string | null;
  cons: string | null;
  usedFor: string[];
  usageDuration: string | null;
  modelVersion: string | null;
  /** One of the model's versions (decision 0114), checked by the caller under its lock. */
  versionId?: number | null;
}

/**
 * Replaces the member's rating (delete + insert, so the new one is the newest by id).
 * `postId` records the feed post it came from, if any.
 */
export async function replaceRating(
  db: DbOrTx,
  v: {
    modelId: number;
    userId: number;
    rating: number;
    review: string | null;
    postId: number | null;
    anonymous: boolean;
    at: Date;
    structured?: StructuredReview;
  },
): Promise<void> {
  // The review's kept revisions (decision 0105): deleting the row deletes them (migration 0030),
  // so they are read first and carried to the new row.
  const kept = await queryRows<{
    rev: number;
    fields: unknown;
    edited_at: Date | string;
    edited_by: number | null;
  }>(
    db,
    sql`SELECT v.rev, v.fields, v.edited_at, v.edited_by FROM revisions v JOIN model_ratings r
          ON v.kind = 'review' AND v.target_id = r.id
        WHERE r.model_id = ${v.modelId} AND r.user_id = ${v.userId} ORDER BY v.rev`,
  );
  const [old] = await db
    .delete(modelRatings)
    .where(and(eq(modelRatings.modelId, v.modelId), eq(modelRatings.userId, v.userId)))
    .returning();
  const [created] = await db
    .insert(modelRatings)
    .values({
      modelId: v.modelId,
      userId: v.userId,
      rating: v.rating,
      review: v.review,
      postId: v.postId,
      anonymous: v.anonymous,
      createdAt: v.at,
      pros: v.structured?.pros ?? null,
      cons: v.structured?.cons ?? null,
      usedFor: v.structured?.usedFor ?? [],
      usageDuration: v.structured?.usageDuration ?? null,
      modelVersion: v.structured?.modelVersion ?? null,
      versionId: v.structured?.versionId ?? null,
    })
    .returning();
  if (!old || !created) return;
  // The replaced review's text is a revision of the new one (decision 0105): its kept history
  // moves to the new row's id, then the edit is recorded like any other.
  for (const k of kept) {
    const fields = typeof k.fields === "string" ? k.fields : JSON.stringify(k.fields);
    await queryRows(
      db,
      sql`INSERT INTO revisions (kind, target_id, rev, fields, edited_at, edited_by)
          VALUES ('review', ${created.id}, ${k.rev}, ${fields}::jsonb, ${k.edited_at}, ${k.edited_by})`,
    );
  }
  await recordRevision(db, {
    kind: "review",
    targetId: created.id,
    before: reviewFields(old),
    after: reviewFields(created),
    originalAt: old.createdAt,
    originalBy: old.userId,
    editedAt: v.at,
    editedBy: v.userId,
  });
}

/** The text a review's history keeps: its stars and its written parts. */
function reviewFields(r: {
  rating: number;
  review: string | null;
  pros: string | null;
  cons: string | null;
}) {
  const fields: Record<string, string> = { rating: `${r.rating} of 5 stars` };
  if (r.review) fields.review = r.review;
  if (r.pros) fields.pros = r.pros;
  if (r.cons) fields.cons = r.cons;
  return fields;
}

/** Ratings that came from a feed post (to undo them when the post is deleted). */
export async function deleteRatingsFromPost(db: DbOrTx, postId: number): Promise<number[]> {
  const rows = await db
    .delete(modelRatings)
    .where(eq(modelRatings.postId, postId))
    .returning({ modelId: modelRatings.modelId });
  return [...new Set(rows.map((r) => r.modelId))];
}

export async function modelIdsRatedFromPost(db: DbOrTx, postId: number): Promise<number[]> {
  const rows = await db
    .select({ modelId: modelRatings.modelId })
    .from(modelRatings)
    .where(eq(modelRatings.postId, postId));
  return [...new Set(rows.map((r) => r.modelId))];
}

/**
 * Recomputes rating (mean, 2 decimals), reviewCount, the star distribution and the Bayesian
 * score (with the stored site-wide prior) from the ratings table; a rating whose feed post is
 * hidden pending review does not count (issue 25 item 2). Run under the model's row lock.
 */
export async function recomputeRating(
  db: DbOrTx,
  modelId: number,
): Promise<{ rating: number; reviewCount: number }> {
  const [r] = await queryRows<{ counts: number[]; prior: number }>(
    db,
    sql`SELECT ARRAY[
              count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
              count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4),
              count(*) FILTER (WHERE rating = 5)]::int[] AS counts,
            (SELECT mean FROM model_rating_prior WHERE id = 1) AS prior
          FROM model_ratings WHERE model_id = ${modelId} AND ${visibleSql.rating("model_ratings")}`,
  );
  const counts = (r?.counts ?? [0, 0, 0, 0, 0]).map(Number);
  const { mean, count } = distributionStats(counts);
  const score = bayesianRating(mean, count, Number(r?.prior ?? 0));
  const rating = Math.round(mean * 100) / 100;
  await db
    .update(aiModels)
    .set({ rating, reviewCount: count, ratingCounts: counts, score })
    .where(eq(aiModels.id, modelId));
  return { rating, reviewCount: count };
}

/**
 * Applies the site-wide mean of every shown rating as the prior of every model's score, when it
 * moved since last applied (or always, `force`). Runs in its own transaction, never while
 * holding a model's lock: the prior row is locked first, then the models in id order.
 */
export async function refreshRatingPrior(db: DbOrTx, force = false): Promise<number> {
  const siteMean = (models: { counts: number[] }[]) => {
    let sum = 0;
    let n = 0;
    for (const m of models) {
      const st = distributionStats(m.counts.map(Number));
      sum += st.mean * st.count;
      n += st.count;
    }
    return { mean: n > 0 ? sum / n : 0, n };
  };
  // A change under 0.001 star moves no ranking worth rewriting every model for.
  const moved = (before: number, mean: number) => force || Math.abs(before - mean) >= 0.001;
  const read = (tx: DbOrTx, lock: boolean) =>
    queryRows<{ id: number; counts: number[]; score: number }>(
      tx,
      sql`SELECT id, rating_counts AS counts, score FROM ai_models ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`,
    );
  const priorOf = async (tx: DbOrTx, lock: boolean) => {
    const [p] = await queryRows<{ mean: number }>(
      tx,
      sql`SELECT mean FROM model_rating_prior WHERE id = 1 ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return Number(p?.mean ?? 0);
  };
  // Most ratings leave the mean where it was: answered without a lock.
  const first = await priorOf(db, false);
  if (!moved(first, siteMean(await read(db, false)).mean)) return first;
  return db.transaction(async (tx) => {
    const before = await priorOf(tx, true);
    // Every model row in id order (single-model writers hold one row and wait for nothing else).
    const models = await read(tx, true);
    const { mean, n } = siteMean(models);
    if (!moved(before, mean)) return before;
    await tx.execute(
      sql`INSERT INTO model_rating_prior (id, mean, ratings) VALUES (1, ${mean}, ${n})
          ON CONFLICT (id) DO UPDATE SET mean = EXCLUDED.mean, ratings = EXCLUDED.ratings`,
    );
    const changed = models.flatMap((m) => {
      const s = distributionStats(m.counts.map(Number));
      const score = bayesianRating(s.mean, s.count, mean);
      return score === Number(m.score) ? [] : [sql`(${m.id}::int, ${score}::float8)`];
    });
    for (let i = 0; i < changed.length; i += 500) {
      await tx.execute(
        sql`UPDATE ai_models m SET score = v.score
              FROM (SELECT id, score FROM (VALUES ${sql.join(changed.slice(i, i + 500), sql`, `)}) AS x(id, score)
                    ORDER BY id) v
             WHERE m.id = v.id`,
      );
    }
    return mean;
  });
}

export interface ReviewRow {
  id: number;
  rating: number;
  review: string | null;
  pros: string | null;
  cons: string | null;
  usedFor: string[];
  usageDuration: string | null;
  modelVersion: string | null;
  versionId: number | null;
  helpful: number;
  voted: boolean;
  postId: number | null;
  anonymous: boolean;
  createdAt: Date | string;
  editedAt: Date | string | null;
  authorId: number;
  username: string;
  avatar: string | null;
  generation: string;
}

export interface ReviewFilter {
  sort: ReviewSort;
  generation?: Generation;
  version?: string;
  limit: number;
  cursor?: number;
  viewerId: number | null;
}

/** The order of each review sort, newest first among equals (the id is unique). */
const REVIEW_KEYS: Record<ReviewSort, { col: string; dir: "asc" | "desc" }[]> = {
  helpful: [
    { col: "helpful", dir: "desc" },
    { col: "id", dir: "desc" },
  ],
  newest: [{ col: "id", dir: "desc" }],
  highest: [
    { col: "rating", dir: "desc" },
    { col: "id", dir: "desc" },
  ],
  lowest: [
    { col: "rating", dir: "asc" },
    { col: "id", dir: "desc" },
  ],
};

/**
 * A model's shown reviews in one of the orders (each served by its index of migration 0025),
 * optionally of one generation (non-anonymous reviews of its members) or one model version
 * (case-insensitive); keyset pages after the review id `cursor`.
 */
export async function listReviews(db: DbOrTx, modelId: number, f: ReviewFilter): Promise<ReviewRow[]> {
  const keys = REVIEW_KEYS[f.sort];
  const conditions: SQL[] = [sql`r.model_id = ${modelId}`, visibleSql.rating("r")];
  if (f.generation) conditions.push(sql`NOT r.anonymous AND u.generation = ${f.generation}`);
  // A version by name: one of the model's versions, or the legacy free text of reviews without one.
  if (f.version)
    conditions.push(
      sql`(lower(mv.name) = ${f.version.toLowerCase()} OR (r.version_id IS NULL AND lower(r.model_version) = ${f.version.toLowerCase()}))`,
    );
  if (f.cursor) {
    const c = (col: string) =>
      sql`(SELECT ${sql.raw(col)} FROM model_ratings WHERE id = ${f.cursor} AND model_id = ${modelId})`;
    const branches = keys.map((k, i) => {
      const equal = keys.slice(0, i).map((e) => sql`r.${sql.raw(e.col)} = ${c(e.col)}`);
      const beyond =
        k.dir === "desc" ? sql`r.${sql.raw(k.col)} < ${c(k.col)}` : sql`r.${sql.raw(k.col)} > ${c(k.col)}`;
      return sql`(${sql.join([...equal, beyond], sql` AND `)})`;
    });
    conditions.push(sql`(${sql.join(branches, sql` OR `)})`);
  }
  const order = keys.map((k) => sql.raw(`r.${k.col} ${k.dir === "desc" ? "DESC" : "ASC"}`));
  return queryRows<ReviewRow>(
    db,
    sql`SELECT r.id, r.rating::int AS rating, r.review, r.pros, r.cons, r.used_for AS "usedFor",
               r.usage_duration AS "usageDuration", COALESCE(mv.name, r.model_version) AS "modelVersion",
               r.version_id AS "versionId", r.helpful,
               ${
                 f.viewerId
                   ? sql`EXISTS (SELECT 1 FROM model_review_votes v WHERE v.review_id = r.id AND v.user_id = ${f.viewerId})`
                   : sql`false`
               } AS voted,
               r.post_id AS "postId", r.anonymous, r.created_at AS "createdAt",
               -- The last edit (revision 2 on is an edit: migration 0030), by revisions_target_rev_idx.
               (SELECT max(h.edited_at) FROM revisions h
                 WHERE h.kind = 'review' AND h.target_id = r.id AND h.rev > 1) AS "editedAt",
               u.id AS "authorId", u.username, u.avatar, u.generation
          FROM model_ratings r JOIN users u ON u.id = r.user_id
          LEFT JOIN model_versions mv ON mv.id = r.version_id
         WHERE ${sql.join(conditions, sql` AND `)}
         ORDER BY ${sql.join(order, sql`, `)}
         LIMIT ${f.limit}`,
  );
}

/** The review (a shown rating) a helpful vote is about, with its author. */
export async function findShownReview(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; userId: number; modelId: number } | undefined> {
  const [row] = await queryRows<{ id: number; userId: number; modelId: number }>(
    db,
    sql`SELECT r.id, r.user_id AS "userId", r.model_id AS "modelId" FROM model_ratings r
         WHERE r.id = ${id} AND ${visibleSql.rating("r")}`,
  );
  return row;
}

/**
 * Sets the member's helpful vote. One statement each way: the vote table's primary key makes a
 * repeated or concurrent vote count once, and the count moves only with a row really added or
 * removed (under the review row's lock taken by the UPDATE).
 */
export async function setHelpful(
  db: DbOrTx,
  reviewId: number,
  userId: number,
  helpful: boolean,
  at: Date,
): Promise<number | null> {
  const rows = helpful
    ? await queryRows<{ helpful: number }>(
        db,
        sql`WITH vote AS (
              INSERT INTO model_review_votes (review_id, user_id, created_at)
              VALUES (${reviewId}, ${userId}, ${at.toISOString()}::timestamptz)
              ON CONFLICT (review_id, user_id) DO NOTHING RETURNING 1
            )
            UPDATE model_ratings SET helpful = helpful + (SELECT count(*)::int FROM vote)
             WHERE id = ${reviewId} RETURNING helpful`,
      )
    : await queryRows<{ helpful: number }>(
        db,
        sql`WITH vote AS (
              DELETE FROM model_review_votes WHERE review_id = ${reviewId} AND user_id = ${userId} RETURNING 1
            )
            UPDATE model_ratings SET helpful = helpful - (SELECT count(*)::int FROM vote)
             WHERE id = ${reviewId} RETURNING helpful`,
      );
  return rows[0] ? Number(rows[0].helpful) : null;
}

// ---------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------

export interface CommentRow {
  id: number;
  content: string;
  likes: number;
  createdAt: Date;
  authorId: number;
  username: string;
  avatar: string | null;
  generation: string;
  rating: number | null;
  liked: boolean;
}

export async function listComments(
  db: DbOrTx,
  modelId: number,
  viewerId: number | null,
  limit: number,
  cursor?: number,
): Promise<CommentRow[]> {
  return queryRows<CommentRow>(
    db,
    sql`SELECT c.id, c.content, c.likes, c.created_at AS "createdAt",
               u.id AS "authorId", u.username, u.avatar, u.generation,
               r.rating::int AS rating,
               ${viewerId ? sql`EXISTS (SELECT 1 FROM model_comment_likes l WHERE l.comment_id = c.id AND l.user_id = ${viewerId})` : sql`false`} AS liked
          FROM model_comments c
          JOIN users u ON u.id = c.user_id
          LEFT JOIN model_ratings r ON r.model_id = c.model_id AND r.user_id = c.user_id AND NOT r.anonymous
         WHERE c.model_id = ${modelId} ${cursor ? sql`AND c.id < ${cursor}` : sql``}
         ORDER BY c.id DESC
         LIMIT ${limit}`,
  );
}

export async function insertComment(
  db: DbOrTx,
  v: { modelId: number; userId: number; content: string; at: Date },
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(modelComments)
    .values({ modelId: v.modelId, userId: v.userId, content: v.content, createdAt: v.at })
    .returning({ id: modelComments.id, createdAt: modelComments.createdAt });
  return row!;
}

export async function findComment(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; modelId: number; userId: number } | undefined> {
  const [row] = await db
    .select({ id: modelComments.id, modelId: modelComments.modelId, userId: modelComments.userId })
    .from(modelComments)
    .where(eq(modelComments.id, id))
    .limit(1);
  return row;
}

/** Deletes a comment; `ownerId` (unless null, for admins) is part of the WHERE clause. */
export async function deleteComment(db: DbOrTx, id: number, ownerId: number | null): Promise<boolean> {
  const rows = await db
    .delete(modelComments)
    .where(
      ownerId === null
        ? eq(modelComments.id, id)
        : and(eq(modelComments.id, id), eq(modelComments.userId, ownerId)),
    )
    .returning({ id: modelComments.id });
  return rows.length > 0;
}

export async function lockComment(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM model_comments WHERE id = ${id} FOR UPDATE`,
  );
  return rows.length > 0;
}

export async function hasCommentLike(db: DbOrTx, commentId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(modelCommentLikes)
    .where(and(eq(modelCommentLikes.commentId, commentId), eq(modelCommentLikes.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function setCommentLike(
  db: DbOrTx,
  commentId: number,
  userId: number,
  liked: boolean,
  at: Date,
): Promise<void> {
  if (liked)
    await db.insert(modelCommentLikes).values({ commentId, userId, createdAt: at }).onConflictDoNothing();
  else
    await db
      .delete(modelCommentLikes)
      .where(and(eq(modelCommentLikes.commentId, commentId), eq(modelCommentLikes.userId, userId)));
}

export async function recountCommentLikes(db: DbOrTx, commentId: number): Promise<number> {
  const [r] = await queryRows<{ likes: number }>(
    db,
    sql`UPDATE model_comments SET likes = (SELECT count(*)::int FROM model_comment_likes WHERE comment_id = ${commentId})
         WHERE id = ${commentId} RETURNING likes`,
  );
  return r?.likes ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

/**
 * Counts a view unless this visitor's last counted view of the model is under an hour old.
 * One statement: the upsert's row lock makes concurrent reloads count once.
 */
/** A visitor's view of a model, held until the next batch (decision 0128). */
export type ModelView = { id: number; visitor: string; at: Date };

/**
 * Writes held model views in one statement and answers how many counted: a view counts when
 * its visitor has no view of the model in the hour before it (`model_views` keeps each
 * visitor's last counted view); the model's counter moves by the views that counted. Views of a
 * model deleted meanwhile are skipped. A batch holds at most one view per (model, visitor): the
 * latest.
 */
export async function writeViews(db: DbOrTx, views: readonly ModelView[]): Promise<number> {
  const latest = new Map<string, ModelView>();
  for (const v of views) latest.set(`${v.id}|${v.visitor}`, v);
  if (latest.size === 0) return 0;
  const rows = sql.join(
    [...latest.values()].map(
      (v) => sql`(${v.id}::int, ${v.visitor}::text, ${v.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const counted = await queryRows<{ n: number }>(
    db,
    sql`WITH v (model_id, visitor, viewed_at) AS (VALUES ${rows}),
        hit AS (
          INSERT INTO model_views (model_id, visitor, viewed_at)
          SELECT v.model_id, v.visitor, v.viewed_at FROM v WHERE EXISTS (SELECT 1 FROM ai_models m WHERE m.id = v.model_id)
          ON CONFLICT (model_id, visitor) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
           WHERE model_views.viewed_at <= EXCLUDED.viewed_at - interval '1 hour'
          RETURNING model_id
        ),
        counted AS (SELECT model_id, count(*)::int AS n FROM hit GROUP BY model_id),
        moved AS (
          UPDATE ai_models SET views = ai_models.views + counted.n FROM counted
           WHERE ai_models.id = counted.model_id RETURNING counted.n
        )
        SELECT coalesce(sum(n), 0)::int AS n FROM moved`,
  );
  return counted[0]?.n ?? 0;
}

/** Forgets view marks older than an hour (they no longer block a count). */
export async function pruneViews(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(modelViews).where(lt(modelViews.viewedAt, new Date(now.getTime() - 60 * 60 * 1000)));
}

// ---------------------------------------------------------------------------------------------
// Saved (bookmarks of a member)
// ---------------------------------------------------------------------------------------------

export async function listBookmarkedModels(
  db: DbOrTx,
  userId: number,
  limit: number,
  cursor?: number,
): Promise<(SummaryRow & { bookmarkedAt: Date })[]> {
  const after = cursor
    ? sql`AND (b.created_at, b.model_id) < (SELECT created_at, model_id FROM model_bookmarks WHERE user_id = ${userId} AND model_id = ${cursor})`
    : sql``;
  const rows = await queryRows<SummaryRow & { bookmarkedAt: Date | string }>(
    db,
    sql`SELECT m.id, m.slug, m.name, m.company, m.description, m.category, m.pricing,
               m.pricing_details AS "pricingDetails", m.rating, m.review_count AS "reviewCount", m.likes, m.views, m.score,
               m.benchmark_score AS "benchmarkScore", m.has_api AS "hasApi", m.is_open_source AS "isOpenSource",
               m.is_verified AS "isVerified", to_char(m.release_date, 'YYYY-MM-DD') AS "releaseDate",
               b.created_at AS "bookmarkedAt"
          FROM model_bookmarks b JOIN ai_models m ON m.id = b.model_id
         WHERE b.user_id = ${userId} ${after}
         ORDER BY b.created_at DESC, b.model_id DESC
         LIMIT ${limit}`,
  );
  return rows.map((r) => ({ ...r, bookmarkedAt: new Date(r.bookmarkedAt) }));
}

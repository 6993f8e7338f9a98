import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

// Mirrors migrations/0003_ai_models.sql.

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const aiModels = pgTable(
  "ai_models",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    company: text("company").notNull(),
    description: text("description").notNull(),
    longDescription: text("long_description").notNull().default(""),
    category: text("category").notNull(),
    pricing: text("pricing").notNull(),
    pricingDetails: text("pricing_details"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    useCases: text("use_cases").array().notNull().default(sql`'{}'::text[]`),
    modelSize: text("model_size"),
    trainingData: text("training_data"),
    hasApi: boolean("has_api").notNull().default(false),
    isOpenSource: boolean("is_open_source").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(false),
    website: text("website"),
    releaseDate: date("release_date", { mode: "string" }),
    benchmarkDetails: jsonb("benchmark_details").$type<Record<string, number>>().notNull().default({}),
    benchmarkScore: doublePrecision("benchmark_score"),
    sources: text("sources").array().notNull().default(sql`'{}'::text[]`),
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    views: integer("views").notNull().default(0),
    ratingCounts: integer("rating_counts").array().notNull().default(sql`'{0,0,0,0,0}'::integer[]`),
    score: doublePrecision("score").notNull().default(0),
    /** The overall arena rating of the last recompute (decision 0102); null: not in the Arena. */
    arenaRating: doublePrecision("arena_rating"),
    // migrations/0035_catalog_editing.sql (decisions 0116, 0117)
    priceInputPerM: numeric("price_input_per_m"),
    priceOutputPerM: numeric("price_output_per_m"),
    contextWindow: integer("context_window"),
    license: text("license"),
    openWeights: boolean("open_weights").notNull().default(false),
    lastVerifiedAt: date("last_verified_at", { mode: "string" }),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', agora_search_normalize(name)), 'A') || setweight(to_tsvector('english', agora_search_normalize(company)), 'B') || setweight(to_tsvector('english', agora_search_normalize(description)), 'C')`,
    ),
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(name || ' ' || company || ' ' || description)`,
    ),
    nameText: text("name_text").generatedAlwaysAs(sql`lower(name || ' ' || company)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ai_models_slug_idx").on(t.slug),
    index("ai_models_category_idx").on(t.category),
    index("ai_models_pricing_idx").on(t.pricing),
    index("ai_models_rating_idx").on(t.rating.desc(), sql`lower(${t.name})`, t.id),
    index("ai_models_score_idx").on(t.score.desc(), sql`lower(${t.name})`, t.id),
    index("ai_models_likes_idx").on(t.likes.desc(), sql`lower(${t.name})`, t.id),
    index("ai_models_views_idx").on(t.views.desc(), sql`lower(${t.name})`, t.id),
    index("ai_models_release_idx").on(
      sql`(coalesce(${t.releaseDate}, DATE '0001-01-01')) DESC`,
      sql`lower(${t.name})`,
      t.id,
    ),
    index("ai_models_arena_idx").on(
      sql`(coalesce(${t.arenaRating}, '-Infinity'::float8)) DESC`,
      sql`lower(${t.name})`,
      t.id,
    ),
    index("ai_models_name_idx").on(sql`lower(${t.name})`, t.id),
    // migrations/0033_model_requests.sql: a model request's duplicate check (normaliseModelName)
    index("ai_models_name_key_idx").on(sql`regexp_replace(lower(${t.name}), '[^a-z0-9]+', '', 'g')`),
    // migrations/0035_catalog_editing.sql: the admins' review queue of stale facts
    index("ai_models_review_idx")
      .on(sql`(coalesce(${t.lastVerifiedAt}, DATE '0001-01-01'))`, t.id)
      .where(sql`${t.retiredAt} IS NULL`),
    index("ai_models_search_vector_idx").using("gin", t.searchVector),
    index("ai_models_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("ai_models_name_trgm_idx").using("gin", t.nameText.op("gin_trgm_ops")),
  ],
);

export const modelLikes = pgTable(
  "model_likes",
  {
    modelId: integer("model_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.userId] }), index("model_likes_user_idx").on(t.userId)],
);

export const modelBookmarks = pgTable(
  "model_bookmarks",
  {
    modelId: integer("model_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.userId] }),
    index("model_bookmarks_user_idx").on(t.userId, t.createdAt.desc(), t.modelId.desc()),
  ],
);

export const modelRatings = pgTable(
  "model_ratings",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    review: text("review"),
    postId: integer("post_id"),
    anonymous: boolean("anonymous").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    pros: text("pros"),
    cons: text("cons"),
    usedFor: text("used_for").array().notNull().default(sql`'{}'::text[]`),
    usageDuration: text("usage_duration"),
    modelVersion: text("model_version"),
    helpful: integer("helpful").notNull().default(0),
    /** The model version reviewed (0034; FK to model_versions, ON DELETE SET NULL). */
    versionId: integer("version_id"),
  },
  (t) => [
    uniqueIndex("model_ratings_model_user_idx").on(t.modelId, t.userId),
    index("model_ratings_model_id_idx").on(t.modelId, t.id.desc()),
    index("model_ratings_helpful_idx").on(t.modelId, t.helpful.desc(), t.id.desc()),
    index("model_ratings_highest_idx").on(t.modelId, t.rating.desc(), t.id.desc()),
    index("model_ratings_lowest_idx").on(t.modelId, t.rating, t.id.desc()),
    index("model_ratings_version_idx")
      .on(t.modelId, sql`lower(${t.modelVersion})`, t.id.desc())
      .where(sql`model_version IS NOT NULL`),
    index("model_ratings_user_idx").on(t.userId),
    index("model_ratings_post_idx").on(t.postId).where(sql`post_id IS NOT NULL`),
    index("model_ratings_version_id_idx").on(t.versionId, t.rating).where(sql`version_id IS NOT NULL`),
  ],
);

/** Helpful votes on reviews (migration 0025): one per member per review. */
export const modelReviewVotes = pgTable(
  "model_review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => modelRatings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("model_review_votes_user_idx").on(t.userId)],
);

/** The site-wide mean rating last applied to the models' Bayesian scores (one row, id 1). */
export const modelRatingPrior = pgTable(
  "model_rating_prior",
  {
    id: smallint("id").primaryKey(),
    mean: doublePrecision("mean").notNull().default(0),
    ratings: integer("ratings").notNull().default(0),
  },
  () => [check("model_rating_prior_id_check", sql`id = 1`)],
);

export const modelComments = pgTable(
  "model_comments",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    likes: integer("likes").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("model_comments_model_idx").on(t.modelId, t.id.desc()),
    index("model_comments_user_idx").on(t.userId),
  ],
);

export const modelCommentLikes = pgTable(
  "model_comment_likes",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => modelComments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index("model_comment_likes_user_idx").on(t.userId),
  ],
);

export const modelViews = pgTable(
  "model_views",
  {
    modelId: integer("model_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.visitor] }), index("model_views_viewed_at_idx").on(t.viewedAt)],
);

export type AiModelRow = typeof aiModels.$inferSelect;
export type ModelRatingRow = typeof modelRatings.$inferSelect;
export type ModelCommentRow = typeof modelComments.$inferSelect;

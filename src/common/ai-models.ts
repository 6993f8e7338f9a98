import { z } from "zod";
import { GENERATIONS } from "./constants";
import { CONTROL_CHARS, pageQuerySchema } from "./http";

/** SPEC §9 option lists of the AI model directory. */
export const MODEL_CATEGORIES = [
  "Language Models",
  "Image Generation",
  "Audio & Speech",
  "Code Generation",
  "Video Generation",
  "Research Tools",
] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];

export const MODEL_PRICING = ["Free", "Freemium", "Paid", "Enterprise"] as const;
export type ModelPricing = (typeof MODEL_PRICING)[number];

export const MODEL_SORTS = ["rating", "arena", "likes", "views", "newest", "alphabetical"] as const;
export type ModelSort = (typeof MODEL_SORTS)[number];
export const MODEL_SORT_LABELS: Record<ModelSort, string> = {
  rating: "Top Rated",
  arena: "Arena Rating",
  likes: "Most Liked",
  views: "Most Viewed",
  newest: "Newest",
  alphabetical: "A-Z",
};

/** SPEC §9 compare limits. */
export const COMPARE = { maxModels: 3, minModels: 2, features: 5, useCases: 4 } as const;

/** A generation's average rating is shown only once this many of its members have rated. */
export const GENERATION_SPLIT_MIN_RATINGS = 3;

export const MODEL_TEXT_MAX = 2000;

/**
 * Structured reviews (issue 23 item 1, decision 0098): what the member used the model for (a
 * fixed list), for how long, and which version; pros and cons are short free text.
 */
export const REVIEW_TASKS = [
  "Writing",
  "Coding",
  "Research",
  "Data analysis",
  "Summarizing",
  "Translation",
  "Brainstorming",
  "Customer support",
  "Education",
  "Images",
  "Audio",
  "Video",
] as const;
export type ReviewTask = (typeof REVIEW_TASKS)[number];
export const USAGE_DURATIONS = ["under-1-week", "1-4-weeks", "1-6-months", "6-months-plus"] as const;
export type UsageDuration = (typeof USAGE_DURATIONS)[number];
export const USAGE_DURATION_LABELS: Record<UsageDuration, string> = {
  "under-1-week": "Less than a week",
  "1-4-weeks": "1–4 weeks",
  "1-6-months": "1–6 months",
  "6-months-plus": "More than 6 months",
};
export const REVIEW_PROS_MAX = 1000;
export const MODEL_VERSION_MAX = 60;
export const REVIEW_TASKS_MAX = REVIEW_TASKS.length;

/** Orders of a model's reviews (in the address as `reviews=`); Most helpful is the default. */
export const REVIEW_SORTS = ["helpful", "newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  helpful: "Most helpful",
  newest: "Newest",
  highest: "Highest",
  lowest: "Lowest",
};

/**
 * Honest ranking (issue 23 item 3, decision 0097): a model's score is the Bayesian average of
 * its ratings, pulled towards the site-wide mean rating by RATING_PRIOR_WEIGHT imaginary
 * ratings; under FEW_RATINGS_MIN ratings the model is marked "Few ratings".
 */
export const RATING_PRIOR_WEIGHT = 10;
export const FEW_RATINGS_MIN = 5;
export const FEW_RATINGS_LABEL = "Few ratings";

/**
 * The one Bayesian average of the site: (count × mean + m × prior) / (count + m). A model
 * nobody rated scores 0, so it sorts after every rated model (it has no rating to rank).
 */
export function bayesianRating(
  mean: number,
  count: number,
  prior: number,
  weight: number = RATING_PRIOR_WEIGHT,
): number {
  if (!(count > 0) || !Number.isFinite(mean)) return 0;
  const p = Number.isFinite(prior) && prior > 0 ? prior : mean;
  return (count * mean + weight * p) / (count + weight);
}

/** Mean and count of a star distribution (`counts[0]` one-star ratings … `counts[4]` five-star). */
export function distributionStats(counts: readonly number[]): { mean: number; count: number } {
  let n = 0;
  let sum = 0;
  counts.forEach((c, i) => {
    n += c;
    sum += c * (i + 1);
  });
  return { mean: n > 0 ? sum / n : 0, count: n };
}

export const hasFewRatings = (count: number) => count > 0 && count < FEW_RATINGS_MIN;
export const MODEL_SEARCH_MAX = 100;

/** Spec texts (SPEC §2.10–§2.12, §5, §8) and our own messages for the directory. */
export const MODEL_MESSAGES = {
  notFound: "Model not found",
  noModels: "No models found",
  noneSelected: "No models selected",
  modelsNotFound: "Models not found",
  loginToComment: "Please log in to comment",
  loginToRate: "Please log in to rate",
  loginToLike: "Please log in to like models",
  loginToBookmark: "Please log in to bookmark models",
  loginToSaved: "Please log in to see your saved items",
  selectRating: "Please select a rating",
  ratingMax: "Rating must be at most 5",
  ratingWhole: "Rating must be a whole number from 1 to 5",
  commentRequired: "Comment cannot be empty",
  commentLong: `Comment must be at most ${MODEL_TEXT_MAX} characters`,
  reviewLong: `Review must be at most ${MODEL_TEXT_MAX} characters`,
  commentNotFound: "Comment not found",
  reviewNotFound: "Review not found",
  ownReviewHelpful: "You cannot mark your own review as helpful",
  loginToVote: "Please log in to mark reviews as helpful",
  prosLong: `Pros must be at most ${REVIEW_PROS_MAX} characters`,
  consLong: `Cons must be at most ${REVIEW_PROS_MAX} characters`,
  versionLong: `Model version must be at most ${MODEL_VERSION_MAX} characters`,
  compareIds: "models must be a comma-separated list of model ids (positive whole numbers)",
} as const;

const canonical = <T extends string>(values: readonly T[], raw: string): T | undefined =>
  values.find((v) => v.toLowerCase() === raw.trim().toLowerCase());

export const categoryParamSchema = z.string({ error: "category must be text" }).transform((raw, ctx) => {
  if (raw.trim() === "" || raw.trim().toLowerCase() === "all") return undefined;
  const value = canonical(MODEL_CATEGORIES, raw);
  if (!value) {
    ctx.addIssue({ code: "custom", message: `category must be one of: ${MODEL_CATEGORIES.join(", ")}` });
    return z.NEVER;
  }
  return value;
});

/** `pricing=Free,Paid` — several comma-separated values, each one of SPEC §9's. */
export const pricingParamSchema = z
  .string({ error: "pricing must be text" })
  .max(200, `pricing must be a comma-separated list of: ${MODEL_PRICING.join(", ")}`)
  .transform((raw, ctx) => {
    const parts = raw
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    const out: ModelPricing[] = [];
    for (const p of parts) {
      const value = canonical(MODEL_PRICING, p);
      if (!value) {
        ctx.addIssue({
          code: "custom",
          message: `pricing must be a comma-separated list of: ${MODEL_PRICING.join(", ")}`,
        });
        return z.NEVER;
      }
      if (!out.includes(value)) out.push(value);
    }
    return out;
  });

export const modelListQuerySchema = pageQuerySchema.extend({
  search: z
    .string({ error: "search must be text" })
    .max(MODEL_SEARCH_MAX, `search must be at most ${MODEL_SEARCH_MAX} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), { message: "search contains characters that are not allowed" })
    .transform((v) => v.trim())
    .optional(),
  category: categoryParamSchema.optional(),
  pricing: pricingParamSchema.optional(),
  sort: z.enum(MODEL_SORTS, { error: `sort must be one of: ${MODEL_SORTS.join(", ")}` }).optional(),
});
export type ModelListQuery = z.infer<typeof modelListQuerySchema>;

/**
 * `models=1,2,3` for the comparison: ids in the asked order, duplicates dropped, at most
 * COMPARE.maxModels kept; anything that is not a positive whole number is a 400.
 */
export function parseCompareIds(raw: string | null | undefined): number[] | null {
  if (raw === undefined || raw === null) return [];
  const parts = raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,10}$/.test(p)) return null;
    const id = Number(p);
    if (id < 1 || id > 2_147_483_647) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, COMPARE.maxModels);
}

export const compareQuerySchema = z.object({
  models: z
    .string({ error: MODEL_MESSAGES.compareIds })
    .max(1000, MODEL_MESSAGES.compareIds)
    .optional()
    .transform((raw, ctx) => {
      const ids = parseCompareIds(raw);
      if (!ids) {
        ctx.addIssue({ code: "custom", message: MODEL_MESSAGES.compareIds });
        return z.NEVER;
      }
      return ids;
    }),
});

export const slugParamSchema = z.object({
  slug: z
    .string({ error: "slug must be text" })
    .min(1, MODEL_MESSAGES.notFound)
    .max(200, MODEL_MESSAGES.notFound),
});
export const MODEL_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------

export const likeBodySchema = z
  .strictObject({ liked: z.boolean({ error: "liked must be true or false" }) })
  .nullish();
export const bookmarkBodySchema = z
  .strictObject({ bookmarked: z.boolean({ error: "bookmarked must be true or false" }) })
  .nullish();

export const commentBodySchema = z.strictObject({
  content: z
    .string({ error: MODEL_MESSAGES.commentRequired })
    .refine((v) => !CONTROL_CHARS.test(v), { message: "Comment contains characters that are not allowed" })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, MODEL_MESSAGES.commentRequired).max(MODEL_TEXT_MAX, MODEL_MESSAGES.commentLong)),
});
export type CommentInput = z.infer<typeof commentBodySchema>;

const MESSAGES_PROS = `Pros must be at most ${REVIEW_PROS_MAX} characters`;
const MESSAGES_CONS = `Cons must be at most ${REVIEW_PROS_MAX} characters`;
function shortText(label: string, tooLong: string) {
  return z
    .string({ error: `${label} must be text` })
    .refine((v) => !CONTROL_CHARS.test(v), { message: `${label} contain characters that are not allowed` })
    .transform((v) => v.trim())
    .pipe(z.string().max(REVIEW_PROS_MAX, tooLong))
    .nullable()
    .optional();
}

/**
 * The model version a review or an Arena response is about (issue 23 item 4, decision 0114): the
 * id of one of the model's versions (src/common/model-versions.ts), or none.
 */
export const versionIdSchema = z
  .number({ error: "versionId must be a version id" })
  .int("versionId must be a version id")
  .positive("versionId must be a version id")
  .max(2_147_483_647, "versionId must be a version id")
  .nullable()
  .optional();

export const rateBodySchema = z.strictObject({
  rating: z
    .number({ error: MODEL_MESSAGES.selectRating })
    .int(MODEL_MESSAGES.ratingWhole)
    .min(1, MODEL_MESSAGES.selectRating)
    .max(5, MODEL_MESSAGES.ratingMax),
  review: z
    .string({ error: "Review must be text" })
    .refine((v) => !CONTROL_CHARS.test(v), { message: "Review contains characters that are not allowed" })
    .transform((v) => v.trim())
    .pipe(z.string().max(MODEL_TEXT_MAX, MODEL_MESSAGES.reviewLong))
    .nullable()
    .optional(),
  pros: shortText("Pros", MESSAGES_PROS),
  cons: shortText("Cons", MESSAGES_CONS),
  usedFor: z
    .array(z.enum(REVIEW_TASKS, { error: `usedFor must list tasks from: ${REVIEW_TASKS.join(", ")}` }), {
      error: "usedFor must be a list of tasks",
    })
    .max(REVIEW_TASKS_MAX, `usedFor lists at most ${REVIEW_TASKS_MAX} tasks`)
    .transform((v) => [...new Set(v)])
    .optional(),
  usageDuration: z
    .enum(USAGE_DURATIONS, { error: `usageDuration must be one of: ${USAGE_DURATIONS.join(", ")}` })
    .nullable()
    .optional(),
  modelVersion: z
    .string({ error: "Model version must be text" })
    .refine((v) => !CONTROL_CHARS.test(v), {
      message: "Model version contains characters that are not allowed",
    })
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().max(MODEL_VERSION_MAX, `Model version must be at most ${MODEL_VERSION_MAX} characters`))
    .nullable()
    .optional(),
  /** One of the model's versions; when given, the free-text modelVersion is not kept (decision 0114). */
  versionId: versionIdSchema,
});
export type RateInput = z.infer<typeof rateBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const modelSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  company: z.string(),
  description: z.string(),
  category: z.enum(MODEL_CATEGORIES),
  pricing: z.enum(MODEL_PRICING),
  pricingDetails: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  likes: z.number().int(),
  views: z.number().int(),
  benchmarkScore: z.number().nullable(),
  hasApi: z.boolean(),
  isOpenSource: z.boolean(),
  isVerified: z.boolean(),
  releaseDate: z.string().nullable(),
  /** The Bayesian average the directory ranks by (decision 0097); 0 when unrated. */
  score: z.number(),
});
export type ModelSummary = z.infer<typeof modelSummarySchema>;

export const generationRatingSchema = z.object({
  generation: z.enum(GENERATIONS),
  average: z.number(),
  count: z.number().int(),
});
export type GenerationRating = z.infer<typeof generationRatingSchema>;

export const modelSchema = modelSummarySchema.extend({
  longDescription: z.string(),
  features: z.array(z.string()),
  useCases: z.array(z.string()),
  modelSize: z.string().nullable(),
  trainingData: z.string().nullable(),
  website: z.string().nullable(),
  benchmarkDetails: z.record(z.string(), z.number()),
  sources: z.array(z.string()),
  /** Catalog facts (decisions 0116, 0117): USD per million tokens, tokens, the day last verified. */
  priceInputPerM: z.number().nullable(),
  priceOutputPerM: z.number().nullable(),
  contextWindow: z.number().int().nullable(),
  license: z.string().nullable(),
  openWeights: z.boolean(),
  lastVerifiedAt: z.string().nullable(),
  /** Retired: out of the directory, the page still answers with a notice (decision 0116). */
  retiredAt: z.string().nullable(),
  /** Only generations with at least GENERATION_SPLIT_MIN_RATINGS ratings. */
  ratingsByGeneration: z.array(generationRatingSchema),
  /** Shown ratings per star: [one star, …, five stars]. */
  ratingDistribution: z.array(z.number().int()).length(5),
});
export type AiModel = z.infer<typeof modelSchema>;

export const viewerStateSchema = z.object({
  liked: z.boolean(),
  bookmarked: z.boolean(),
  rating: z.number().int().nullable(),
  review: z.string().nullable(),
});
export type ViewerState = z.infer<typeof viewerStateSchema>;

export const modelDetailSchema = modelSchema.extend({
  /** The signed-in member's own like, bookmark and rating; null for visitors. */
  viewer: viewerStateSchema.nullable(),
  /** Models of the same category, for the Compare tab. */
  similar: z.array(modelSummarySchema),
});
export type AiModelDetail = z.infer<typeof modelDetailSchema>;

export const authorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  generation: z.enum(GENERATIONS),
});

export const modelCommentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  author: authorSchema,
  /** The author's own rating of the model, when they rated it. */
  rating: z.number().int().nullable(),
  likes: z.number().int(),
  liked: z.boolean(),
  isOwn: z.boolean(),
  createdAt: z.string(),
});
export type ModelComment = z.infer<typeof modelCommentSchema>;

/** A review from an anonymous (stealth) rating post shows `{ id: null, username: "Anonymous" }`. */
export const reviewAuthorSchema = z.object({
  id: z.number().int().nullable(),
  username: z.string(),
  avatar: z.string().nullable(),
  generation: z.enum(GENERATIONS).nullable(),
});

export const modelReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  review: z.string().nullable(),
  pros: z.string().nullable(),
  cons: z.string().nullable(),
  usedFor: z.array(z.string()),
  usageDuration: z.enum(USAGE_DURATIONS).nullable(),
  /** The version's name when the review records one of the model's versions, else the legacy free text. */
  modelVersion: z.string().nullable(),
  /** The model version reviewed (decision 0114); null for none or legacy free text. */
  versionId: z.number().int().nullable(),
  /** Members who marked it helpful. */
  helpful: z.number().int(),
  /** The viewer marked it helpful. */
  votedHelpful: z.boolean(),
  /** The viewer wrote it (never shown to others, even for a stealth review). */
  isOwn: z.boolean(),
  author: reviewAuthorSchema,
  /** The feed post the rating came from, when it came from one. */
  postId: z.number().int().nullable(),
  createdAt: z.string(),
  /** The last edit (a replaced review keeps the earlier texts as its history); null if never edited. */
  editedAt: z.string().nullable(),
});
export type ModelReview = z.infer<typeof modelReviewSchema>;

export const reviewListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of: ${REVIEW_SORTS.join(", ")}` }).optional(),
  generation: z
    .enum(GENERATIONS, { error: `generation must be one of: ${GENERATIONS.join(", ")}` })
    .optional(),
  version: z
    .string({ error: "version must be text" })
    .max(MODEL_VERSION_MAX, `version must be at most ${MODEL_VERSION_MAX} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), { message: "version contains characters that are not allowed" })
    .transform((v) => v.trim())
    .optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const helpfulBodySchema = z
  .strictObject({ helpful: z.boolean({ error: "helpful must be true or false" }) })
  .nullish();
export const helpfulResultSchema = z.object({ helpful: z.boolean(), helpfulCount: z.number().int() });

export const likeResultSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export const bookmarkResultSchema = z.object({ bookmarked: z.boolean(), bookmarks: z.number().int() });
export const rateResultSchema = z.object({
  rating: z.number().int(),
  review: z.string().nullable(),
  /** The model's new average and count. */
  averageRating: z.number(),
  reviewCount: z.number().int(),
  ratingsByGeneration: z.array(generationRatingSchema),
});
export type RateResult = z.infer<typeof rateResultSchema>;

export const savedModelSchema = modelSummarySchema.extend({ bookmarkedAt: z.string() });
export const savedSchema = z.object({ models: z.array(savedModelSchema) });
export type SavedItems = z.infer<typeof savedSchema>;

// ---------------------------------------------------------------------------------------------
// Pure rules shared by server and client
// ---------------------------------------------------------------------------------------------

/**
 * benchmarkScore (0–100): the arithmetic mean of the benchmark percentages the maker published,
 * rounded to one decimal; null when none were published (shown "N/A"). Values outside 0–100 or
 * not finite are ignored, so one bad figure cannot push the score out of range.
 */
export function benchmarkScoreOf(details: Record<string, number>): number | null {
  const values = Object.values(details).filter((v) => Number.isFinite(v) && v >= 0 && v <= 100);
  if (values.length === 0) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.round(mean * 10) / 10;
}

/**
 * "Best Value" weighting (SPEC §2.12 leaves it open): the first Free model; otherwise the
 * highest Bayesian score (decision 0097) × price weight, where Freemium 0.9, Paid 0.75, Enterprise 0.6 (a free tier
 * costs less to try; enterprise plans cost most). Ties keep the earlier model. Null when no
 * model has a rating yet.
 */
export const PRICE_WEIGHTS: Record<ModelPricing, number> = {
  Free: 1,
  Freemium: 0.9,
  Paid: 0.75,
  Enterprise: 0.6,
};

export function pickBestValue<T extends { pricing: ModelPricing; score: number }>(models: T[]): T | null {
  const free = models.find((m) => m.pricing === "Free");
  if (free) return free;
  let best: T | null = null;
  let bestScore = 0;
  for (const m of models) {
    const score = m.score * PRICE_WEIGHTS[m.pricing];
    if (score > bestScore) {
      best = m;
      bestScore = score;
    }
  }
  return best;
}

/** The model with the highest value of `key`; null when every value is 0 (nothing to crown). */
export function pickHighest<T>(models: T[], value: (m: T) => number): T | null {
  let best: T | null = null;
  let bestValue = 0;
  for (const m of models) {
    const v = value(m);
    if (v > bestValue) {
      best = m;
      bestValue = v;
    }
  }
  return best;
}

/**
 * Which cells of a comparison row are "(highest)": those equal to the row's maximum, and none
 * when every model has the same value or the value is unknown for all.
 */
export function highestIndexes(values: (number | null)[]): Set<number> {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return new Set();
  const max = Math.max(...known);
  if (known.length === values.length && known.every((v) => v === max)) return new Set();
  return new Set(values.flatMap((v, i) => (v === max ? [i] : [])));
}

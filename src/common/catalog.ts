import { z } from "zod";
import { MODEL_CATEGORIES, MODEL_PRICING, MODEL_SLUG_RE } from "./ai-models";
import { plainText } from "./http";

/**
 * Catalog editing and fresher facts (issue 23 items 5 and 7, docs/decisions/0116 and 0117):
 * admins create, edit, retire and restore models with every fact of the spec plus prices per
 * million tokens, context window, license, open weights, the day the facts were last verified and
 * their source links. A renamed slug keeps answering; facts older than REVIEW_AFTER_DAYS wait in
 * the admins' review queue.
 */
export const CATALOG_LIMITS = {
  nameMax: 100,
  companyMax: 100,
  slugMax: 80,
  descriptionMax: 500,
  longDescriptionMax: 5000,
  pricingDetailsMax: 500,
  itemMax: 200,
  /** Features, use cases, sources and benchmarks: at most this many each. */
  listMax: 20,
  modelSizeMax: 100,
  trainingDataMax: 500,
  licenseMax: 100,
  urlMax: 500,
  reasonMax: 500,
  /** USD per million tokens. */
  priceMax: 1_000_000,
  /** Tokens. */
  contextWindowMax: 100_000_000,
  searchMax: 100,
} as const;

/** Facts verified longer ago than this (or never) are in the review queue (decision 0117). */
export const REVIEW_AFTER_DAYS = 90;

/** Stable `code`s of this feature's refusals (decision 0075). */
export const CATALOG_CODES = {
  slugTaken: "slug_taken",
  nameTaken: "model_exists",
  alreadyRetired: "model_retired",
  notRetired: "model_not_retired",
  futureDate: "date_in_future",
  changedMeanwhile: "model_changed",
} as const;

export const CATALOG_MESSAGES = {
  notFound: "Model not found",
  slugTaken: (slug: string) => `The address “${slug}” is already used by another model`,
  nameTaken: (name: string) => `“${name}” is already in the directory`,
  alreadyRetired: "This model is already retired",
  notRetired: "This model is not retired",
  futureVerified: "The last verified date cannot be in the future",
  changedMeanwhile:
    "Someone else changed this model after you opened it. Nothing was saved: close the form and open the model again to see their changes.",
  created: "Model created",
  saved: "Model saved",
  retired: "Model retired: it left the directory, its page stays reachable",
  restored: "Model restored to the directory",
  verified: "Marked verified today",
  retiredNotice: "This model is retired: it is no longer listed in the directory.",
  noModels: "No models found",
  queueEmpty: "Every model's facts were verified in the last 90 days.",
  urlScheme: "must start with http:// or https://",
} as const;

/** A URL-safe slug from a name ("GPT-4o mini" → "gpt-4o-mini"); empty when the name has no letter or digit. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

/** `YYYY-MM-DD` of a moment, in UTC (the day the app's clock reads). */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** The last day whose verification is stale on `today`: strictly older than REVIEW_AFTER_DAYS. */
export function staleBefore(today: Date): string {
  return dayOf(new Date(today.getTime() - REVIEW_AFTER_DAYS * 24 * 60 * 60 * 1000));
}

/** Facts never verified, or verified more than REVIEW_AFTER_DAYS days before `today`. */
export function isStale(lastVerifiedAt: string | null, today: Date): boolean {
  return lastVerifiedAt === null || lastVerifiedAt < staleBefore(today);
}

export const httpUrl = (v: string) => {
  if (!URL.canParse(v)) return false;
  const { protocol } = new URL(v);
  return protocol === "http:" || protocol === "https:";
};

const text = (field: string, min: number, max: number) =>
  plainText(field)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(min, min === 1 ? `Please enter the ${field}` : `${field} must be at least ${min} characters`)
        .max(max, `${field} must be at most ${max} characters`),
    );
/** Optional text: empty becomes null. */
const optionalText = (field: string, max: number) =>
  plainText(field)
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `${field} must be at most ${max} characters`))
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .transform((v) => v ?? null);

const url = (field: string) =>
  text(field, 1, CATALOG_LIMITS.urlMax).refine(httpUrl, {
    message: `${field} ${CATALOG_MESSAGES.urlScheme}`,
  });

const list = (field: string, item: z.ZodType<string, string>) =>
  z
    .array(item, { error: `${field} must be a list` })
    .max(CATALOG_LIMITS.listMax, `${field}: at most ${CATALOG_LIMITS.listMax} items`)
    .transform((v) => [...new Set(v)]);

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && dayOf(new Date(`${v}T00:00:00Z`)) === v, {
      message: `${field} must be a real date`,
    })
    .refine((v) => v >= "1950-01-01", { message: `${field} must be 1950 or later` });

const price = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} cannot be negative`)
    .max(CATALOG_LIMITS.priceMax, `${field} must be at most ${CATALOG_LIMITS.priceMax}`)
    .nullable();

/** Each fact's rule (the input schema adds the defaults, the form converts its text first). */
const FIELDS = {
  name: text("name", 1, CATALOG_LIMITS.nameMax).refine((v) => slugify(v).length > 0, {
    message: "name must contain a letter or a digit",
  }),
  /** The address (`/ai-models/{slug}`); from the name when left out on create, unchanged on edit. */
  slug: z
    .string({ error: "slug must be text" })
    .trim()
    .max(CATALOG_LIMITS.slugMax, `slug must be at most ${CATALOG_LIMITS.slugMax} characters`)
    .refine((v) => v === "" || MODEL_SLUG_RE.test(v), {
      message: "slug may hold only lower-case letters, digits and single hyphens",
    })
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
  company: text("company", 1, CATALOG_LIMITS.companyMax),
  description: text("description", 1, CATALOG_LIMITS.descriptionMax),
  longDescription: plainText("longDescription")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(
          CATALOG_LIMITS.longDescriptionMax,
          `longDescription must be at most ${CATALOG_LIMITS.longDescriptionMax} characters`,
        ),
    ),
  category: z.enum(MODEL_CATEGORIES, { error: `category must be one of: ${MODEL_CATEGORIES.join(", ")}` }),
  pricing: z.enum(MODEL_PRICING, { error: `pricing must be one of: ${MODEL_PRICING.join(", ")}` }),
  pricingDetails: optionalText("pricingDetails", CATALOG_LIMITS.pricingDetailsMax),
  priceInputPerM: price("priceInputPerM"),
  priceOutputPerM: price("priceOutputPerM"),
  contextWindow: z
    .number({ error: "contextWindow must be a number of tokens" })
    .int("contextWindow must be a whole number of tokens")
    .min(1, "contextWindow must be at least 1 token")
    .max(CATALOG_LIMITS.contextWindowMax, `contextWindow must be at most ${CATALOG_LIMITS.contextWindowMax}`)
    .nullable(),
  license: optionalText("license", CATALOG_LIMITS.licenseMax),
  openWeights: z.boolean({ error: "openWeights must be true or false" }),
  features: list("features", text("feature", 1, CATALOG_LIMITS.itemMax)),
  useCases: list("useCases", text("use case", 1, CATALOG_LIMITS.itemMax)),
  modelSize: optionalText("modelSize", CATALOG_LIMITS.modelSizeMax),
  trainingData: optionalText("trainingData", CATALOG_LIMITS.trainingDataMax),
  hasApi: z.boolean({ error: "hasApi must be true or false" }),
  isOpenSource: z.boolean({ error: "isOpenSource must be true or false" }),
  isVerified: z.boolean({ error: "isVerified must be true or false" }),
  website: url("website").nullable(),
  releaseDate: isoDate("releaseDate").nullable(),
  benchmarkDetails: z
    .object({}, { error: "benchmarkDetails must map benchmark names to scores" })
    .catchall(
      z
        .number({ error: "benchmark scores must be numbers" })
        .min(0, "benchmark scores are percentages from 0 to 100")
        .max(100, "benchmark scores are percentages from 0 to 100"),
    )
    .refine((v) => Object.keys(v).length <= CATALOG_LIMITS.listMax, {
      message: `benchmarkDetails: at most ${CATALOG_LIMITS.listMax} benchmarks`,
    })
    .refine((v) => Object.keys(v).every((k) => k.trim().length > 0 && k.length <= 60), {
      message: "benchmark names must be 1 to 60 characters",
    }),
  /** The pages the facts were checked against (http or https). */
  sources: list("sources", url("source")),
  /** The day the facts were last checked against the sources; never in the future. */
  lastVerifiedAt: isoDate("lastVerifiedAt").nullable(),
};

/** Every fact of a model as an admin enters it (create and edit: the whole model each time). */
export const catalogModelInputSchema = z.strictObject({
  ...FIELDS,
  longDescription: FIELDS.longDescription.default(""),
  pricingDetails: FIELDS.pricingDetails.default(null),
  priceInputPerM: FIELDS.priceInputPerM.default(null),
  priceOutputPerM: FIELDS.priceOutputPerM.default(null),
  contextWindow: FIELDS.contextWindow.default(null),
  license: FIELDS.license.default(null),
  openWeights: FIELDS.openWeights.default(false),
  features: FIELDS.features.default([]),
  useCases: FIELDS.useCases.default([]),
  modelSize: FIELDS.modelSize.default(null),
  trainingData: FIELDS.trainingData.default(null),
  hasApi: FIELDS.hasApi.default(false),
  isOpenSource: FIELDS.isOpenSource.default(false),
  isVerified: FIELDS.isVerified.default(false),
  website: FIELDS.website.default(null),
  releaseDate: FIELDS.releaseDate.default(null),
  benchmarkDetails: FIELDS.benchmarkDetails.default({}),
  sources: FIELDS.sources.default([]),
  lastVerifiedAt: FIELDS.lastVerifiedAt.default(null),
  /**
   * The model's `updatedAt` when the editor opened it: an edit saved by someone else since then
   * refuses this one (409 `model_changed`) instead of overwriting it (decision 0121).
   */
  expectedUpdatedAt: z.iso.datetime({ error: "expectedUpdatedAt must be a moment (ISO 8601)" }).optional(),
});
export type CatalogModelInput = z.input<typeof catalogModelInputSchema>;
/** A model's facts (what is stored and compared; the edit's guard is not one). */
export type CatalogModelValues = Omit<z.output<typeof catalogModelInputSchema>, "expectedUpdatedAt">;

// ---------------------------------------------------------------------------------------------
// The admin form: lists as lines, numbers as typed text, the same rules after the conversion
// ---------------------------------------------------------------------------------------------

const lines = (v: string) =>
  v
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
const fieldOf = <K extends keyof typeof FIELDS>(key: K) => FIELDS[key];
const numberText = (field: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = Number(v.replace(/[,_\s]/g, ""));
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: `${field} must be a number` });
        return z.NEVER;
      }
      return n;
    });
const nullIfEmpty = (v: string) => (v.trim() === "" ? null : v);

/** "MMLU: 88.7" per line → { MMLU: 88.7 }. */
function benchmarkLines(v: string, ctx: z.RefinementCtx): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines(v)) {
    const at = line.lastIndexOf(":");
    const score = Number(line.slice(at + 1).trim());
    if (at <= 0 || !Number.isFinite(score)) {
      ctx.addIssue({
        code: "custom",
        message: `Write each benchmark as “Name: score” (${line.slice(0, 40)})`,
      });
      return z.NEVER;
    }
    out[line.slice(0, at).trim()] = score;
  }
  return out;
}

export const catalogFormSchema = z.object({
  name: fieldOf("name"),
  slug: fieldOf("slug"),
  company: fieldOf("company"),
  description: fieldOf("description"),
  longDescription: fieldOf("longDescription"),
  category: fieldOf("category"),
  pricing: fieldOf("pricing"),
  pricingDetails: fieldOf("pricingDetails"),
  priceInputPerM: numberText("Input price").pipe(fieldOf("priceInputPerM")),
  priceOutputPerM: numberText("Output price").pipe(fieldOf("priceOutputPerM")),
  contextWindow: numberText("Context window").pipe(fieldOf("contextWindow")),
  license: fieldOf("license"),
  openWeights: fieldOf("openWeights"),
  features: z.string().transform(lines).pipe(fieldOf("features")),
  useCases: z.string().transform(lines).pipe(fieldOf("useCases")),
  modelSize: fieldOf("modelSize"),
  trainingData: fieldOf("trainingData"),
  hasApi: fieldOf("hasApi"),
  isOpenSource: fieldOf("isOpenSource"),
  isVerified: fieldOf("isVerified"),
  website: z.string().transform(nullIfEmpty).pipe(fieldOf("website")),
  releaseDate: z.string().transform(nullIfEmpty).pipe(fieldOf("releaseDate")),
  benchmarkDetails: z.string().transform(benchmarkLines).pipe(fieldOf("benchmarkDetails")),
  sources: z.string().transform(lines).pipe(fieldOf("sources")),
  lastVerifiedAt: z.string().transform(nullIfEmpty).pipe(fieldOf("lastVerifiedAt")),
});
export type CatalogFormValues = z.input<typeof catalogFormSchema>;

// ---------------------------------------------------------------------------------------------
// Answers and queries
// ---------------------------------------------------------------------------------------------

/** A model as the admin's editor reads it: every editable fact, its address and its old addresses. */
export const catalogModelSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  company: z.string(),
  description: z.string(),
  longDescription: z.string(),
  category: z.enum(MODEL_CATEGORIES),
  pricing: z.enum(MODEL_PRICING),
  pricingDetails: z.string().nullable(),
  priceInputPerM: z.number().nullable(),
  priceOutputPerM: z.number().nullable(),
  contextWindow: z.number().int().nullable(),
  license: z.string().nullable(),
  openWeights: z.boolean(),
  features: z.array(z.string()),
  useCases: z.array(z.string()),
  modelSize: z.string().nullable(),
  trainingData: z.string().nullable(),
  hasApi: z.boolean(),
  isOpenSource: z.boolean(),
  isVerified: z.boolean(),
  website: z.string().nullable(),
  releaseDate: z.string().nullable(),
  benchmarkDetails: z.record(z.string(), z.number()),
  sources: z.array(z.string()),
  lastVerifiedAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  /** When any fact last changed (an edit, retiring, restoring, verifying): the editor sends it back. */
  updatedAt: z.string(),
  /** Old slugs that still lead here (decision 0116). */
  redirects: z.array(z.string()),
});
export type CatalogModel = z.infer<typeof catalogModelSchema>;

export const catalogListItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  company: z.string(),
  category: z.enum(MODEL_CATEGORIES),
  lastVerifiedAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  /** Never verified, or verified more than REVIEW_AFTER_DAYS days ago. */
  stale: z.boolean(),
});
export type CatalogListItem = z.infer<typeof catalogListItemSchema>;

export const catalogPageSchema = z.object({
  items: z.array(catalogListItemSchema),
  nextCursor: z.number().int().nullable(),
});
export type CatalogPage = z.infer<typeof catalogPageSchema>;

export const CATALOG_STATUSES = ["listed", "retired", "all"] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

const limit = z.coerce
  .number({ error: "limit must be a number" })
  .int("limit must be a whole number")
  .min(1, "limit must be at least 1")
  .max(100, "limit must be at most 100")
  .default(20);
const cursor = z.coerce
  .number({ error: "cursor must be a number" })
  .int("cursor must be a whole number")
  .positive("cursor must be positive")
  .max(2_147_483_647, "cursor is too large")
  .optional();

export const catalogListQuerySchema = z.object({
  search: plainText("search")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(CATALOG_LIMITS.searchMax, `search must be at most ${CATALOG_LIMITS.searchMax} characters`),
    )
    .optional(),
  status: z.enum(CATALOG_STATUSES, { error: "status must be listed, retired or all" }).default("all"),
  limit,
  cursor,
});
export type CatalogListQuery = z.input<typeof catalogListQuerySchema>;

export const reviewQueueQuerySchema = z.object({ limit, cursor });
export type ReviewQueueQuery = z.input<typeof reviewQueueQuerySchema>;

export const retireBodySchema = z.strictObject({
  reason: plainText("reason")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(CATALOG_LIMITS.reasonMax, `reason must be at most ${CATALOG_LIMITS.reasonMax} characters`),
    )
    .optional(),
});
export type RetireInput = z.input<typeof retireBodySchema>;

export const catalogResultSchema = z.object({ model: catalogModelSchema, message: z.string() });
export type CatalogResult = z.infer<typeof catalogResultSchema>;

import { z } from "zod";
import { MODEL_VERSION_MAX } from "./ai-models";
import { plainText } from "./http";

/**
 * Model versions (issue 23 item 4, docs/decisions/0114 and 0115): a model's versions (name,
 * release date, notes), managed by admins; reviews and Arena battles record the version; the model
 * page shows the rating per version and marks "Ratings changed since {version}" when the newest
 * version's ratings differ from the previous one's beyond chance. The texts the screens and the
 * API show are here.
 */
export const MODEL_VERSION_LIMITS = {
  nameMax: MODEL_VERSION_MAX,
  notesMax: 1000,
} as const;

/**
 * The two-sample test of decision 0115: Mann–Whitney U (Wilcoxon rank-sum) with the normal
 * approximation, tie correction and continuity correction; two-sided at ALPHA, and only when both
 * versions have at least MIN_PER_SIDE shown ratings.
 */
export const VERSION_CHANGE_TEST = { alpha: 0.05, minPerSide: 5 } as const;

/** Stable `code`s of this feature's refusals (decision 0075). */
export const MODEL_VERSION_CODES = {
  exists: "model_version_exists",
  notOfModel: "version_not_of_model",
} as const;

export const MODEL_VERSION_MESSAGES = {
  notFound: "Model version not found",
  modelNotFound: "Model not found",
  exists: (name: string) => `This model already has a version named “${name}”.`,
  notOfModel: "The chosen version is not a version of this model",
  nameRequired: "Please enter the version's name",
  dateInvalid: "Please enter the release date as YYYY-MM-DD",
  created: "Version added",
  updated: "Version saved",
  deleted: "Version deleted",
  none: "No versions recorded yet.",
  changedSince: (name: string) => `Ratings changed since ${name}`,
} as const;

const dateOnly = z
  .string({ error: MODEL_VERSION_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MODEL_VERSION_MESSAGES.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= "2000-01-01";
  }, MODEL_VERSION_MESSAGES.dateInvalid);

/** What an admin sends to add or edit a version. */
export const modelVersionInputSchema = z.strictObject({
  name: plainText("name")
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, MODEL_VERSION_MESSAGES.nameRequired)
        .max(MODEL_VERSION_LIMITS.nameMax, `name must be at most ${MODEL_VERSION_LIMITS.nameMax} characters`),
    ),
  releaseDate: dateOnly,
  notes: plainText("notes")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(
          MODEL_VERSION_LIMITS.notesMax,
          `notes must be at most ${MODEL_VERSION_LIMITS.notesMax} characters`,
        ),
    )
    .default(""),
});
export type ModelVersionInput = z.input<typeof modelVersionInputSchema>;

export const modelVersionSchema = z.object({
  id: z.number().int(),
  modelId: z.number().int(),
  name: z.string(),
  releaseDate: z.string(),
  notes: z.string(),
  /** Mean of the version's shown ratings (2 decimals); 0 without ratings. */
  rating: z.number(),
  ratingCount: z.number().int(),
  createdAt: z.string(),
});
export type ModelVersion = z.infer<typeof modelVersionSchema>;

/** "Ratings changed since {previous}": the newest version's ratings against the previous one's. */
export const versionChangeSchema = z.object({
  since: z.object({ id: z.number().int(), name: z.string() }),
  newest: z.object({ id: z.number().int(), name: z.string() }),
  /** Whether the newest version is rated higher or lower. */
  direction: z.enum(["higher", "lower"]),
  /** Two-sided p-value of the test (decision 0115). */
  pValue: z.number(),
});
export type VersionChange = z.infer<typeof versionChangeSchema>;

export const modelVersionsSchema = z.object({
  /** Newest release first. */
  versions: z.array(modelVersionSchema),
  /** Null when there is no significant change (or too few ratings to tell). */
  change: versionChangeSchema.nullable(),
});
export type ModelVersions = z.infer<typeof modelVersionsSchema>;

import { z } from "zod";
import { plainText } from "./http";
import { aiModelIdSchema, aiModelLabel, PROMPT_MODEL_CHOICES } from "./models";
import { requiredText } from "./text-fields";

/** SPEC §5 / §8 texts of the prompt library, shared by the forms and the server. */
export const PROMPT_MESSAGES = {
  fillTitleContent: "Please fill in the title and content.",
  shareFailed: "Failed to share prompt. Please try again.",
  fetchFailed: "Failed to fetch prompts",
  notFound: "Prompt not found",
  notYours: "Only the author or an administrator can delete this prompt",
  notYoursToEdit: "Only the author can edit this prompt",
  updateFailed: "Failed to update prompt. Please try again.",
} as const;

/** SPEC §9 option lists. */
export const PROMPT_CATEGORIES = [
  "writing",
  "coding",
  "business",
  "creative",
  "analysis",
  "education",
] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];
export const PROMPT_DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;
export type PromptDifficulty = (typeof PROMPT_DIFFICULTIES)[number];
export const PROMPT_MODELS = PROMPT_MODEL_CHOICES.map((c) => c.value) as [
  (typeof PROMPT_MODEL_CHOICES)[number]["value"],
  ...(typeof PROMPT_MODEL_CHOICES)[number]["value"][],
];
export type PromptModel = (typeof PROMPT_MODELS)[number];
export const PROMPT_SORTS = ["newest", "likes", "downloads"] as const;
export type PromptSort = (typeof PROMPT_SORTS)[number];

export const PROMPT_CATEGORY_LABELS: Record<PromptCategory, string> = {
  writing: "Writing",
  coding: "Coding",
  business: "Business",
  creative: "Creative",
  analysis: "Analysis",
  education: "Education",
};
export const PROMPT_DIFFICULTY_LABELS: Record<PromptDifficulty, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};
export const PROMPT_SORT_LABELS: Record<PromptSort, string> = {
  newest: "Newest",
  likes: "Most Liked",
  downloads: "Most Copied",
};

export function promptModelLabel(value: string): string {
  return aiModelLabel(value);
}

/**
 * The text models a member can say a prompt "worked on" (thumbs up/down per model): the
 * prompt form's named models plus the open-weight family of the forum list. "Any model" is a
 * target, not a model one can try, so it is not among them.
 */
export const PROMPT_VOTE_MODELS = ["chatgpt", "claude", "gemini", "llama"] as const;
export type PromptVoteModel = (typeof PROMPT_VOTE_MODELS)[number];

export const PROMPT_LIMITS = {
  titleMax: 120,
  descriptionMax: 500,
  /** Hard size limit of a prompt's text (a long system prompt fits; a pasted book does not). */
  contentMax: 10_000,
  tagsMax: 10,
  tagMax: 30,
  searchMax: 100,
} as const;

const allowed = (what: string, values: readonly string[]) => `${what} must be one of ${values.join(", ")}`;

export const promptCategorySchema = z.enum(PROMPT_CATEGORIES, {
  error: allowed("Category", PROMPT_CATEGORIES),
});
export const promptDifficultySchema = z.enum(PROMPT_DIFFICULTIES, {
  error: allowed("Difficulty", PROMPT_DIFFICULTIES),
});
/** Every model id of the one list (common/models.ts); the form offers {@link PROMPT_MODELS}. */
export const promptModelSchema = aiModelIdSchema("AI model");
export const promptSortSchema = z.enum(PROMPT_SORTS, { error: allowed("sort", PROMPT_SORTS) });

/**
 * Tags as the form types them ("a, b ,, c") or as a list: trimmed, a leading "#" dropped,
 * empties dropped, duplicates (ignoring case) dropped.
 */
export function normalizeTags(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(",");
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const tag = raw.trim().replace(/^#+/, "").trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

const tagsSchema = z
  .preprocess(
    (v) => (typeof v === "string" ? v.split(",") : v),
    z
      .array(plainText("Each tag"), { error: "Tags must be text separated by commas, or a list" })
      .max(100, `Too many tags: at most ${PROMPT_LIMITS.tagsMax}`),
  )
  .transform(normalizeTags)
  .pipe(
    z
      .array(
        z.string().max(PROMPT_LIMITS.tagMax, `Each tag must be at most ${PROMPT_LIMITS.tagMax} characters`),
      )
      .max(PROMPT_LIMITS.tagsMax, `Too many tags: at most ${PROMPT_LIMITS.tagsMax}`),
  );

/** Optional choice: an empty string means "not chosen" and takes the default. */
function choice<T extends z.ZodType>(schema: T, fallback: z.infer<T>) {
  return z.preprocess((v) => (v === "" || v === null || v === undefined ? fallback : v), schema);
}

export const promptCreateSchema = z.strictObject({
  title: z
    .string({ error: PROMPT_MESSAGES.fillTitleContent })
    .pipe(
      requiredText(
        "Title",
        PROMPT_MESSAGES.fillTitleContent,
        PROMPT_LIMITS.titleMax,
        `Title must be at most ${PROMPT_LIMITS.titleMax} characters`,
      ),
    ),
  content: z
    .string({ error: PROMPT_MESSAGES.fillTitleContent })
    .pipe(
      requiredText(
        "Content",
        PROMPT_MESSAGES.fillTitleContent,
        PROMPT_LIMITS.contentMax,
        `Prompt content must be at most ${PROMPT_LIMITS.contentMax.toLocaleString("en-US")} characters`,
      ),
    ),
  description: plainText("Description")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(
          PROMPT_LIMITS.descriptionMax,
          `Description must be at most ${PROMPT_LIMITS.descriptionMax} characters`,
        ),
    )
    .optional()
    .default(""),
  category: choice(promptCategorySchema, "writing"),
  aiModel: choice(promptModelSchema, "any"),
  difficulty: choice(promptDifficultySchema, "beginner"),
  tags: tagsSchema.optional().default([]),
});
export type PromptCreateInput = z.input<typeof promptCreateSchema>;
export type PromptCreateData = z.output<typeof promptCreateSchema>;

export const promptListQuerySchema = z.object({
  category: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), promptCategorySchema.optional()),
  difficulty: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    promptDifficultySchema.optional(),
  ),
  aiModel: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), promptModelSchema.optional()),
  search: z
    .string({ error: "search must be text" })
    .trim()
    .max(PROMPT_LIMITS.searchMax, `search must be at most ${PROMPT_LIMITS.searchMax} characters`)
    .optional(),
  sort: z.preprocess((v) => (v === "" ? undefined : v), promptSortSchema.default("newest")),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(20),
  cursor: z.coerce
    .number({ error: "cursor must be a number" })
    .int("cursor must be a whole number")
    .positive("cursor must be positive")
    .max(2_147_483_647, "cursor is too large")
    .optional(),
});
export type PromptListQuery = z.output<typeof promptListQuerySchema>;

export const modelVoteInputSchema = z.strictObject({
  model: z.enum(PROMPT_VOTE_MODELS, { error: allowed("model", PROMPT_VOTE_MODELS) }),
  vote: z.enum(["up", "down"], { error: 'vote must be "up", "down" or null' }).nullable(),
});
export type ModelVoteInput = z.infer<typeof modelVoteInputSchema>;

export const modelVoteSchema = z.object({
  model: z.string(),
  label: z.string(),
  up: z.number().int(),
  down: z.number().int(),
  /** The viewer's own vote (null when none or signed out). */
  myVote: z.enum(["up", "down"]).nullable(),
});
export type ModelVote = z.infer<typeof modelVoteSchema>;

export const promptSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  category: z.string(),
  aiModel: z.string(),
  difficulty: z.string(),
  tags: z.array(z.string()),
  likes: z.number().int(),
  downloads: z.number().int(),
  author: z.object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() }),
  createdAt: z.string(),
  /** The last change of its text (decision 0105); null when never edited. */
  editedAt: z.string().nullable(),
  /** Viewer state: false when signed out. */
  liked: z.boolean(),
  downloaded: z.boolean(),
  isOwn: z.boolean(),
  canDelete: z.boolean(),
});
export type Prompt = z.infer<typeof promptSchema>;

export const promptDetailSchema = promptSchema.extend({ modelVotes: z.array(modelVoteSchema) });
export type PromptDetail = z.infer<typeof promptDetailSchema>;

export const promptLikeSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export const promptDownloadSchema = z.object({ counted: z.boolean(), downloads: z.number().int() });

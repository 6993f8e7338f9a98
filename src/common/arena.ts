import { z } from "zod";
import { MODEL_CATEGORIES } from "./ai-models";
import { GENERATION_LABELS, GENERATIONS, type Generation } from "./constants";
import { plainText } from "./http";

/**
 * The Arena (issue 22): members submit a prompt and two directory models' answers ("battles"),
 * others vote blind, and the boards rank the models by Bradley–Terry with bootstrap intervals.
 * The method's published numbers (the about page reads them from here).
 */
export const ARENA_RULES = {
  /** Below this many counted votes a model's row is marked provisional. */
  minVotes: 30,
  /** Bootstrap resamples behind every interval. */
  resamples: 200,
  /** Virtual games (half won) each model plays against a reference: the prior. */
  priorGames: 1,
  /** One member's counted votes on one submitter's battles. */
  perSubmitterCap: 25,
  /** Default wait before a new or inactive account's votes count (configurable: ARENA_VOTE_DELAY_DAYS). */
  voteDelayDays: 7,
  /** Minutes between recomputes (configurable: ARENA_RECOMPUTE_SECONDS). */
  recomputeMinutes: 5,
  /** Anomaly: at least this many decisive votes on battles with one model... */
  anomalyMinVotes: 10,
  /** ...favoring it at least this often. */
  anomalyShare: 0.9,
} as const;

export const ARENA_TAGS = [
  "coding",
  "writing",
  "reasoning",
  "analysis",
  "creative",
  "education",
  "images",
  "math",
  "research",
  "everyday",
] as const;
export type ArenaTag = (typeof ARENA_TAGS)[number];

export const ARENA_LIMITS = {
  promptMax: 4000,
  responseMax: 10_000,
  versionMax: 80,
  tagsMax: 4,
} as const;

export const ARENA_CHOICES = ["a", "b", "tie", "bad"] as const;
export type ArenaChoice = (typeof ARENA_CHOICES)[number];

export const ARENA_MESSAGES = {
  notFound: "Battle not found",
  sameModel: "Pick two different models",
  unknownModel: "Pick models from the directory",
  notYours: "Only the member who submitted this battle can delete it",
  hasVotes: "This battle already has votes, so it can no longer be deleted",
  ownBattle: "You cannot vote on your own battle",
  alreadyVoted: "You have already voted on this battle",
  loginToVote: "Please log in to vote in the Arena",
  loginToSubmit: "Please log in to submit a battle",
  deleted: "Battle deleted",
  removed: "Battle removed; the boards are being recomputed",
  noBattles: "You have voted on every battle. Check back later, or submit one of your own.",
  fillPrompt: "Please enter the prompt you ran",
  fillResponse: "Please paste both responses",
  dateInvalid: "Enter the date you used the model (YYYY-MM-DD), not in the future",
  tagInvalid: `Tags must be among: ${ARENA_TAGS.join(", ")}`,
  viewInvalid: "Unknown leaderboard view",
} as const;

/** The choice's words on the voting buttons (keys 1–4). */
export const ARENA_CHOICE_LABELS: Record<ArenaChoice, string> = {
  a: "A is better",
  b: "B is better",
  tie: "Tie",
  bad: "Both are bad",
};

const required = (field: string, empty: string, max: number) =>
  plainText(field)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, empty)
        .max(max, `${field} must be at most ${max.toLocaleString("en-US")} characters`),
    );

const usedOn = z
  .string({ error: ARENA_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ARENA_MESSAGES.dateInvalid)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= "2015-01-01",
    ARENA_MESSAGES.dateInvalid,
  );

const modelId = z
  .number({ error: ARENA_MESSAGES.unknownModel })
  .int(ARENA_MESSAGES.unknownModel)
  .positive(ARENA_MESSAGES.unknownModel)
  .max(2_147_483_647, ARENA_MESSAGES.unknownModel);

const side = z.strictObject({
  modelId,
  response: required("Response", ARENA_MESSAGES.fillResponse, ARENA_LIMITS.responseMax),
  version: plainText("Version")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(ARENA_LIMITS.versionMax, `Version must be at most ${ARENA_LIMITS.versionMax} characters`),
    ),
  usedOn,
});

export const battleCreateSchema = z
  .strictObject({
    prompt: required("Prompt", ARENA_MESSAGES.fillPrompt, ARENA_LIMITS.promptMax),
    category: z.enum(MODEL_CATEGORIES, { error: `Category must be one of: ${MODEL_CATEGORIES.join(", ")}` }),
    tags: z
      .array(z.enum(ARENA_TAGS, { error: ARENA_MESSAGES.tagInvalid }))
      .max(ARENA_LIMITS.tagsMax, `Pick at most ${ARENA_LIMITS.tagsMax} tags`)
      .default([]),
    a: side,
    b: side,
  })
  .refine((v) => v.a.modelId !== v.b.modelId, { message: ARENA_MESSAGES.sameModel, path: ["b", "modelId"] });
export type BattleCreateInput = z.input<typeof battleCreateSchema>;
export type BattleCreateData = z.output<typeof battleCreateSchema>;

export const battleIdParamSchema = z.object({
  id: z.coerce
    .number({ error: "id must be a number" })
    .int("id must be a whole number")
    .positive("id must be positive")
    .max(2_147_483_647, "id is too large"),
});

const modelRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

/** A battle as its submitter sees it (models named). */
export const battleSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  a: z.object({ model: modelRefSchema, response: z.string(), version: z.string(), usedOn: z.string() }),
  b: z.object({ model: modelRefSchema, response: z.string(), version: z.string(), usedOn: z.string() }),
  votes: z.number().int(),
  createdAt: z.string(),
});
export type Battle = z.infer<typeof battleSchema>;

/**
 * A battle served for a blind vote: the two responses in random order, no model names and no
 * submitter. `side` is what the vote names ("a" or "b"); the screen labels them by position.
 */
export const servedBattleSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  responses: z.array(z.object({ side: z.enum(["a", "b"]), response: z.string() })).length(2),
});
export type ServedBattle = z.infer<typeof servedBattleSchema>;
export const nextBattleSchema = z.object({ battle: servedBattleSchema.nullable() });

export const voteInputSchema = z.strictObject({
  choice: z.enum(ARENA_CHOICES, { error: "choice must be one of a, b, tie or bad" }),
});

/** After a vote: the models' names and the community's split. */
export const voteRevealSchema = z.object({
  battleId: z.number().int(),
  choice: z.enum(ARENA_CHOICES),
  a: z.object({ model: modelRefSchema, version: z.string(), usedOn: z.string() }),
  b: z.object({ model: modelRefSchema, version: z.string(), usedOn: z.string() }),
  split: z.object({ a: z.number().int(), b: z.number().int(), tie: z.number().int(), bad: z.number().int() }),
});
export type VoteReveal = z.infer<typeof voteRevealSchema>;

/** The leaderboard's views; each has a shareable address (`/arena/leaderboard?view=…`). */
export const ARENA_VIEWS = ["overall", "category", "tag", "generation"] as const;
export type ArenaView = (typeof ARENA_VIEWS)[number];

export const boardQuerySchema = z
  .strictObject({
    view: z.enum(ARENA_VIEWS, { error: ARENA_MESSAGES.viewInvalid }).default("overall"),
    /** The category, tag or generation of the view. */
    g: z.string().max(60, ARENA_MESSAGES.viewInvalid).optional(),
  })
  .refine(
    (q) =>
      q.view === "overall" ||
      (q.view === "category" && (MODEL_CATEGORIES as readonly string[]).includes(q.g ?? "")) ||
      (q.view === "tag" && (ARENA_TAGS as readonly string[]).includes(q.g ?? "")) ||
      (q.view === "generation" && (GENERATIONS as readonly string[]).includes(q.g ?? "")),
    { message: ARENA_MESSAGES.viewInvalid, path: ["g"] },
  );
export type BoardQuery = z.output<typeof boardQuerySchema>;

/** The stored key of a view: "overall", "category:Language Models", "tag:coding", "generation:genz". */
export function viewKey(q: { view: ArenaView; g?: string | undefined }): string {
  return q.view === "overall" ? "overall" : `${q.view}:${q.g ?? ""}`;
}

export const boardRowSchema = z.object({
  model: modelRefSchema,
  rating: z.number(),
  lower: z.number(),
  upper: z.number(),
  rank: z.number().int(),
  rankBest: z.number().int(),
  rankWorst: z.number().int(),
  votes: z.number().int(),
  provisional: z.boolean(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;

export const boardSchema = z.object({
  view: z.enum(ARENA_VIEWS),
  g: z.string().nullable(),
  /** When the boards were last computed; null: never yet. */
  computedAt: z.string().nullable(),
  votes: z.number().int(),
  rows: z.array(boardRowSchema),
  /** Row model's win rate against the column model (ties as halves), rows' order; null: never met. */
  matrix: z.array(z.array(z.number().nullable())),
});
export type Board = z.infer<typeof boardSchema>;

/** Kendall's τ between two generations' rankings (models ranked by both). */
export const agreementSchema = z.object({
  computedAt: z.string().nullable(),
  pairs: z.array(
    z.object({
      a: z.enum(GENERATIONS),
      b: z.enum(GENERATIONS),
      tau: z.number().nullable(),
      models: z.number().int(),
    }),
  ),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const anomalySchema = z.object({
  voter: z.object({ id: z.number().int(), username: z.string() }),
  model: modelRefSchema,
  votes: z.number().int(),
  favoring: z.number().int(),
});
export type Anomaly = z.infer<typeof anomalySchema>;

export const arenaModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
});

export const generationLabel = (g: string): string => GENERATION_LABELS[g as Generation] ?? g;

/** Words describing a τ for the agreement table. */
export function agreementWords(tau: number | null): string {
  if (tau === null) return "Not enough data";
  if (tau >= 0.7) return "Strong agreement";
  if (tau >= 0.4) return "Moderate agreement";
  if (tau >= 0.1) return "Weak agreement";
  if (tau > -0.1) return "No agreement";
  return "Disagreement";
}

import { z } from "zod";
import { MODEL_CATEGORIES, versionIdSchema } from "./ai-models";
import { ARENA_CHOICES, ARENA_LIMITS, ARENA_MESSAGES, ARENA_TAGS, ARENA_VIEWS } from "./arena-rules";
import { GENERATIONS } from "./constants";
import { plainText } from "./http";
import { UPLOAD_URL_RE } from "./posts";

export * from "./arena-rules";

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
  /** One of the model's versions (decision 0114); its name is the shown version when none is typed. */
  versionId: versionIdSchema,
  /** An optional image of the response: only an upload of this site (POST /api/uploads/images). */
  image: z
    .string({ error: ARENA_MESSAGES.imageInvalid })
    .regex(UPLOAD_URL_RE, ARENA_MESSAGES.imageInvalid)
    .nullish(),
  imageAlt: plainText("Image description")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(
          ARENA_LIMITS.imageAltMax,
          `Image description must be at most ${ARENA_LIMITS.imageAltMax} characters`,
        ),
    )
    .default(""),
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
  .refine((v) => v.a.modelId !== v.b.modelId, { message: ARENA_MESSAGES.sameModel, path: ["b", "modelId"] })
  .refine((v) => !v.a.image || v.a.imageAlt !== "", {
    message: ARENA_MESSAGES.imageAltMissing,
    path: ["a", "imageAlt"],
  })
  .refine((v) => !v.b.image || v.b.imageAlt !== "", {
    message: ARENA_MESSAGES.imageAltMissing,
    path: ["b", "imageAlt"],
  });
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

/** A response's image (an upload of this site) and its description; null: none. */
export const battleImageSchema = z.object({ url: z.string(), alt: z.string() }).nullable();
export type BattleImage = z.infer<typeof battleImageSchema>;

/** A battle as its submitter sees it (models named). */
export const battleSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  a: z.object({
    model: modelRefSchema,
    response: z.string(),
    version: z.string(),
    usedOn: z.string(),
    image: battleImageSchema,
  }),
  b: z.object({
    model: modelRefSchema,
    response: z.string(),
    version: z.string(),
    usedOn: z.string(),
    image: battleImageSchema,
  }),
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
  responses: z
    .array(z.object({ side: z.enum(["a", "b"]), response: z.string(), image: battleImageSchema }))
    .length(2),
});
export type ServedBattle = z.infer<typeof servedBattleSchema>;
export const nextBattleSchema = z.object({ battle: servedBattleSchema.nullable() });
/** `battle`: serve this one when the member may vote on it (a link from trending), else the next. */
export const nextBattleQuerySchema = z.strictObject({
  battle: z.coerce
    .number({ error: "battle must be a number" })
    .int("battle must be a whole number")
    .positive("battle must be positive")
    .max(2_147_483_647, "battle is too large")
    .optional(),
});

export const voteInputSchema = z.strictObject({
  choice: z.enum(ARENA_CHOICES, { error: "choice must be one of a, b, tie or bad" }),
});

/** After a vote: the models' names and the community's split. */
export const voteRevealSchema = z.object({
  battleId: z.number().int(),
  choice: z.enum(ARENA_CHOICES),
  a: z.object({ model: modelRefSchema, version: z.string(), usedOn: z.string(), image: battleImageSchema }),
  b: z.object({ model: modelRefSchema, version: z.string(), usedOn: z.string(), image: battleImageSchema }),
  split: z.object({ a: z.number().int(), b: z.number().int(), tie: z.number().int(), bad: z.number().int() }),
});
export type VoteReveal = z.infer<typeof voteRevealSchema>;

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
});
export type Board = z.infer<typeof boardSchema>;

/**
 * A view's pairwise win rates, apart from its board (they are two thirds of its bytes, and the
 * heatmap is below the table): the models in the board's order, and the matrix in theirs.
 */
export const winRatesSchema = z.object({
  view: z.enum(ARENA_VIEWS),
  g: z.string().nullable(),
  computedAt: z.string().nullable(),
  models: z.array(modelRefSchema),
  /** Row model's win rate against the column model (ties as halves); null: never met. */
  matrix: z.array(z.array(z.number().nullable())),
});
export type WinRates = z.infer<typeof winRatesSchema>;

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

/** One board's line for a model (its page's arena card, decision 0102). */
export const standingRowSchema = z.object({
  rating: z.number(),
  lower: z.number(),
  upper: z.number(),
  rank: z.number().int(),
  /** How many models that board ranks. */
  of: z.number().int(),
  votes: z.number().int(),
  provisional: z.boolean(),
});
export type StandingRow = z.infer<typeof standingRowSchema>;

/** A model's standing in the Arena: overall and per voter generation (null: not on that board). */
export const modelStandingSchema = z.object({
  model: modelRefSchema,
  computedAt: z.string().nullable(),
  overall: standingRowSchema.nullable(),
  generations: z.array(z.object({ generation: z.enum(GENERATIONS), standing: standingRowSchema.nullable() })),
});
export type ModelStanding = z.infer<typeof modelStandingSchema>;

/** Head-to-head records between compared models (decision 0102), from the overall board's counted votes. */
export const headToHeadQuerySchema = z.strictObject({
  ids: z
    .string({ error: "ids must list 2 or 3 model ids" })
    .max(40, "ids must list 2 or 3 model ids")
    .transform((v) => v.split(",").map((x) => Number(x.trim())))
    .pipe(
      z
        .array(
          z.number().int("ids must be whole numbers").positive("ids must be positive").max(2_147_483_647),
        )
        .min(2, "ids must list 2 or 3 model ids")
        .max(3, "ids must list 2 or 3 model ids"),
    ),
});

export const headToHeadSchema = z.object({
  computedAt: z.string().nullable(),
  pairs: z.array(
    z.object({
      a: z.number().int(),
      b: z.number().int(),
      /** Counted votes: a better, b better, tie or both bad. */
      aWins: z.number().int(),
      bWins: z.number().int(),
      ties: z.number().int(),
    }),
  ),
});
export type HeadToHead = z.infer<typeof headToHeadSchema>;

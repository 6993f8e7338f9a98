import { z } from "zod";
import { MODEL_CATEGORIES, MODEL_PRICING } from "./ai-models";
import { plainText } from "./http";
import { requiredText } from "./text-fields";

/**
 * Model requests (issue 23 item 6, docs/decisions/0111 and 0112): members ask for a model the
 * directory lacks, others upvote, admins accept (a draft model, published when complete), decline
 * with a reason, or merge duplicates. The texts the screens and the API show are here.
 */
export const MODEL_REQUEST_LIMITS = {
  nameMax: 100,
  makerMax: 100,
  linkMax: 500,
  whyMin: 10,
  whyMax: 1000,
  reasonMax: 500,
  descriptionMax: 2000,
  /** New requests per member per hour. */
  perHour: 5,
} as const;

export const MODEL_REQUEST_STATUSES = ["open", "accepted", "declined", "merged"] as const;
export type ModelRequestStatus = (typeof MODEL_REQUEST_STATUSES)[number];
export const MODEL_REQUEST_STATUS_LABELS: Record<ModelRequestStatus, string> = {
  open: "Open",
  accepted: "Accepted",
  declined: "Declined",
  merged: "Merged",
};

export const MODEL_REQUEST_SORTS = ["top", "new"] as const;
export type ModelRequestSort = (typeof MODEL_REQUEST_SORTS)[number];
export const MODEL_REQUEST_SORT_LABELS: Record<ModelRequestSort, string> = {
  top: "Most upvoted",
  new: "Newest",
};

/** Stable `code`s of this feature's refusals (decision 0075). */
export const MODEL_REQUEST_CODES = {
  duplicate: "model_request_duplicate",
  exists: "model_exists",
  ownUpvote: "own_request_upvote",
  notOpen: "model_request_not_open",
  incomplete: "model_draft_incomplete",
  notDraft: "model_request_not_draft",
  sameRequest: "model_request_same",
} as const;

export const MODEL_REQUEST_MESSAGES = {
  loginToRequest: "Please log in to request a model",
  loginToUpvote: "Please log in to upvote requests",
  notFound: "Model request not found",
  duplicate: (name: string) => `“${name}” has already been requested: upvote the existing request instead.`,
  exists: (name: string) => `“${name}” is already in the directory.`,
  ownUpvote: "You cannot upvote your own request",
  notOpen: "This request is no longer open",
  sameRequest: "A request cannot be merged into itself",
  notDraft: "Only an accepted request that is not published yet has a draft",
  incomplete: (missing: string[]) => `The draft needs ${missing.join(", ")} before it can be published`,
  created: "Thanks! Your request is open for upvotes.",
  accepted: "Request accepted: a draft model was created",
  declined: "Request declined",
  merged: "Requests merged",
  published: "Model published to the directory",
  draftSaved: "Draft saved",
  empty: "No open requests yet. Be the first to ask for a model!",
  rateLimited: "You are doing that too often: rate limit reached. Please try again later.",
  linkScheme: "link must start with http:// or https://",
} as const;

/** The key duplicates are found by: lower case letters and digits only ("GPT-4o" = "gpt 4o"). */
export function normaliseModelName(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

const httpUrl = (v: string) => {
  if (!URL.canParse(v)) return false;
  const { protocol } = new URL(v);
  return protocol === "http:" || protocol === "https:";
};

/** A required, trimmed text field; `minMessage` for an empty one or one under `min` characters. */
const trimmed = (field: string, min: number, max: number, minMessage: string) =>
  requiredText(
    field,
    minMessage,
    max,
    `${field} must be at most ${max} characters`,
    min > 1 ? { length: min, message: minMessage } : undefined,
  );

export const modelRequestInputSchema = z.strictObject({
  name: trimmed("name", 1, MODEL_REQUEST_LIMITS.nameMax, "Please enter the model's name").refine(
    (v) => normaliseModelName(v).length > 0,
    { message: "name must contain a letter or a digit" },
  ),
  maker: trimmed("maker", 1, MODEL_REQUEST_LIMITS.makerMax, "Please enter who makes the model"),
  link: trimmed("link", 1, MODEL_REQUEST_LIMITS.linkMax, "Please enter a link to the model's page").refine(
    httpUrl,
    { message: MODEL_REQUEST_MESSAGES.linkScheme },
  ),
  why: trimmed(
    "why",
    MODEL_REQUEST_LIMITS.whyMin,
    MODEL_REQUEST_LIMITS.whyMax,
    `Please say why in at least ${MODEL_REQUEST_LIMITS.whyMin} characters`,
  ),
});
export type ModelRequestInput = z.input<typeof modelRequestInputSchema>;

export const modelRequestListQuerySchema = z.object({
  sort: z.enum(MODEL_REQUEST_SORTS, { error: "sort must be top or new" }).default("top"),
  status: z
    .enum(["open", "accepted", "declined"], { error: "status must be open, accepted or declined" })
    .default("open"),
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
export type ModelRequestListQuery = z.input<typeof modelRequestListQuerySchema>;

/** The draft model of an accepted request (admins only). */
export const modelDraftSchema = z.object({
  description: z.string(),
  category: z.enum(MODEL_CATEGORIES).nullable(),
  pricing: z.enum(MODEL_PRICING).nullable(),
});
export type ModelDraft = z.infer<typeof modelDraftSchema>;

export const modelRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  maker: z.string(),
  link: z.string(),
  why: z.string(),
  status: z.enum(MODEL_REQUEST_STATUSES),
  upvotes: z.number().int(),
  /** Has the viewer upvoted it (false signed out). */
  upvoted: z.boolean(),
  isOwn: z.boolean(),
  requester: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  declineReason: z.string().nullable(),
  mergedIntoId: z.number().int().nullable(),
  /** The published model's page, once the accepted draft is published. */
  modelSlug: z.string().nullable(),
  /** Only for admins, on an accepted request not yet published. */
  draft: modelDraftSchema.nullable(),
  createdAt: z.string(),
});
export type ModelRequest = z.infer<typeof modelRequestSchema>;

export const modelRequestPageSchema = z.object({
  items: z.array(modelRequestSchema),
  nextCursor: z.number().int().nullable(),
});
export type ModelRequestPage = z.infer<typeof modelRequestPageSchema>;

export const upvoteBodySchema = z.strictObject({
  upvoted: z.boolean({ error: "upvoted must be true or false" }),
});
export const upvoteResultSchema = z.object({ upvoted: z.boolean(), upvotes: z.number().int() });

const reason = (required: boolean) =>
  plainText("reason")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, "Please give a reason")
        .max(
          MODEL_REQUEST_LIMITS.reasonMax,
          `reason must be at most ${MODEL_REQUEST_LIMITS.reasonMax} characters`,
        ),
    );

export const acceptRequestSchema = z.strictObject({ reason: reason(false).optional() });
export const declineRequestSchema = z.strictObject({ reason: reason(true) });
export type DeclineRequestInput = z.input<typeof declineRequestSchema>;
export const mergeRequestSchema = z.strictObject({
  intoId: z.coerce
    .number({ error: "intoId must be a request id" })
    .int("intoId must be a request id")
    .positive("intoId must be a request id")
    .max(2_147_483_647, "intoId is too large"),
  reason: reason(false).optional(),
});
export type MergeRequestInput = z.input<typeof mergeRequestSchema>;

export const draftInputSchema = z.strictObject({
  name: modelRequestInputSchema.shape.name,
  maker: modelRequestInputSchema.shape.maker,
  link: modelRequestInputSchema.shape.link,
  description: plainText("description")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(
          MODEL_REQUEST_LIMITS.descriptionMax,
          `description must be at most ${MODEL_REQUEST_LIMITS.descriptionMax} characters`,
        ),
    ),
  category: z.enum(MODEL_CATEGORIES, { error: "Please choose a category" }).nullable(),
  pricing: z.enum(MODEL_PRICING, { error: "Please choose a pricing" }).nullable(),
});
export type DraftInput = z.input<typeof draftInputSchema>;

export const publishResultSchema = z.object({ slug: z.string(), message: z.string() });

/** Where a request is shown: its card on the requests page, in the list of its status. */
export const requestAnchor = (id: number, status: "open" | "accepted" | "declined" = "open") =>
  `/ai-models/requests${status === "open" ? "" : `?status=${status}`}#request-${id}`;

import { z } from "zod";
import { aiModelIdSchema, aiModelLabel, FORUM_MODEL_CHOICES } from "./models";
import { requiredText } from "./text-fields";

/** SPEC §5 / §8 texts of the forums screens, shared by the forms and the server. */
export const FORUM_MESSAGES = {
  fillAll: "Please fill in all fields.",
  createFailed: "Failed to create forum. Please try again.",
  fetchFailed: "Failed to fetch forums",
  nameTaken: "A forum with this name already exists",
  notFound: "Forum not found",
  threadNotFound: "Thread not found",
  replyNotFound: "Reply not found",
  threadFill: "Please fill in the title and message.",
  replyEmpty: "Please write a reply.",
  notYours: "Only the author or an administrator can change this",
  editEmpty: "Nothing to change: send a title or a message.",
  createRateLimit: "You have created many forums today: rate limit reached. Please try again tomorrow.",
} as const;

export const FORUM_LIMITS = {
  nameMin: 3,
  nameMax: 60,
  descriptionMax: 500,
  threadTitleMax: 150,
  /** Hard size limit of a thread or reply body; moderation applies the community length rules. */
  bodyMax: 10_000,
  searchMax: 100,
} as const;

export const FORUM_MODELS = FORUM_MODEL_CHOICES.map((c) => c.value) as [
  (typeof FORUM_MODEL_CHOICES)[number]["value"],
  ...(typeof FORUM_MODEL_CHOICES)[number]["value"][],
];
export type ForumModel = (typeof FORUM_MODELS)[number];

export function forumModelLabel(value: string): string {
  return aiModelLabel(value);
}

export const forumCreateSchema = z.strictObject({
  name: z.string({ error: FORUM_MESSAGES.fillAll }).pipe(
    requiredText(
      "Forum name",
      FORUM_MESSAGES.fillAll,
      FORUM_LIMITS.nameMax,
      `Forum name must be at most ${FORUM_LIMITS.nameMax} characters`,
      {
        length: FORUM_LIMITS.nameMin,
        message: `Forum name must be at least ${FORUM_LIMITS.nameMin} characters`,
      },
    ),
  ),
  description: z
    .string({ error: FORUM_MESSAGES.fillAll })
    .pipe(
      requiredText(
        "Description",
        FORUM_MESSAGES.fillAll,
        FORUM_LIMITS.descriptionMax,
        `Description must be at most ${FORUM_LIMITS.descriptionMax} characters`,
      ),
    ),
  aiModel: z
    .string({ error: FORUM_MESSAGES.fillAll })
    .trim()
    .min(1, FORUM_MESSAGES.fillAll)
    .pipe(aiModelIdSchema("AI model")),
});
export type ForumCreateInput = z.input<typeof forumCreateSchema>;
export type ForumCreateData = z.output<typeof forumCreateSchema>;

export const forumListQuerySchema = z.object({
  search: z
    .string({ error: "search must be text" })
    .trim()
    .max(FORUM_LIMITS.searchMax, `search must be at most ${FORUM_LIMITS.searchMax} characters`)
    .optional(),
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

export const threadCreateSchema = z.strictObject({
  title: z
    .string({ error: FORUM_MESSAGES.threadFill })
    .pipe(
      requiredText(
        "Title",
        FORUM_MESSAGES.threadFill,
        FORUM_LIMITS.threadTitleMax,
        `Title must be at most ${FORUM_LIMITS.threadTitleMax} characters`,
      ),
    ),
  content: z
    .string({ error: FORUM_MESSAGES.threadFill })
    .pipe(
      requiredText(
        "Message",
        FORUM_MESSAGES.threadFill,
        FORUM_LIMITS.bodyMax,
        `Message must be at most ${FORUM_LIMITS.bodyMax} characters`,
      ),
    ),
});
export type ThreadCreateInput = z.input<typeof threadCreateSchema>;
export type ThreadCreateData = z.output<typeof threadCreateSchema>;

export const threadUpdateSchema = z
  .strictObject({
    title: threadCreateSchema.shape.title.optional(),
    content: threadCreateSchema.shape.content.optional(),
  })
  .refine((v) => v.title !== undefined || v.content !== undefined, { message: FORUM_MESSAGES.editEmpty });
export type ThreadUpdateInput = z.input<typeof threadUpdateSchema>;
export type ThreadUpdateData = z.output<typeof threadUpdateSchema>;

export const replyCreateSchema = z.strictObject({
  content: z
    .string({ error: FORUM_MESSAGES.replyEmpty })
    .pipe(
      requiredText(
        "Reply",
        FORUM_MESSAGES.replyEmpty,
        FORUM_LIMITS.bodyMax,
        `Reply must be at most ${FORUM_LIMITS.bodyMax} characters`,
      ),
    ),
});
export type ReplyCreateInput = z.input<typeof replyCreateSchema>;
export type ReplyCreateData = z.output<typeof replyCreateSchema>;

export const replyParamsSchema = z.object({
  id: z.coerce
    .number({ error: "id must be a number" })
    .int("id must be a whole number")
    .positive("id must be positive")
    .max(2_147_483_647, "id is too large"),
  replyId: z.coerce
    .number({ error: "replyId must be a number" })
    .int("replyId must be a whole number")
    .positive("replyId must be positive")
    .max(2_147_483_647, "replyId is too large"),
});

export const forumAuthorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  generation: z.string(),
});
export type ForumAuthor = z.infer<typeof forumAuthorSchema>;

export const forumSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  aiModel: z.string(),
  /** Threads plus replies, kept exact. */
  postCount: z.number().int(),
  memberCount: z.number().int(),
  threadCount: z.number().int(),
  lastActivityAt: z.string(),
  createdAt: z.string(),
  /** Whether the viewer has joined (false when signed out). */
  isMember: z.boolean(),
});
export type Forum = z.infer<typeof forumSchema>;

export const membershipSchema = z.object({
  isMember: z.boolean(),
  memberCount: z.number().int(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const threadSummarySchema = z.object({
  id: z.number().int(),
  forumId: z.number().int(),
  title: z.string(),
  /** The first characters of the opening message. */
  excerpt: z.string(),
  author: forumAuthorSchema,
  replyCount: z.number().int(),
  lastActivityAt: z.string(),
  lastReplyAuthor: z.string().nullable(),
  createdAt: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadSchema = threadSummarySchema.extend({
  forumName: z.string(),
  content: z.string(),
  editedAt: z.string().nullable(),
  isOwn: z.boolean(),
  /** The author or an administrator: the UI shows edit and delete. */
  canEdit: z.boolean(),
});
export type Thread = z.infer<typeof threadSchema>;

export const replySchema = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  content: z.string(),
  author: forumAuthorSchema,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  isOwn: z.boolean(),
  canEdit: z.boolean(),
  /** By a member the viewer blocked: collapsed, with neither text nor author (decision 0092). */
  isBlocked: z.boolean().optional(),
});
export type Reply = z.infer<typeof replySchema>;

/** `@username` as written in threads and replies (the username rules of registration). */
export const MENTION_RE = /(^|[^\p{L}\p{N}._@-])@([\p{L}\p{N}._-]{3,30})/gu;

/** Distinct usernames mentioned in a text, lower-cased, trailing dots dropped ("@ada." → "ada"). */
export function extractMentions(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(MENTION_RE)) {
    const name = m[2]!.replace(/[.]+$/, "").toLowerCase();
    if (name.length >= 3) names.add(name);
  }
  return [...names];
}

import { z } from "zod";
import { generationSchema } from "./auth";
import { CONTROL_CHARS, pageQuerySchema } from "./http";
import { aiModelIdSchema } from "./models";

/** Texts of SPEC §5/§8 used by the feed. */
export const POST_MESSAGES = {
  contentEmpty: "Post content cannot be empty",
  noPostsYet: "No posts yet",
  noPostsFound: "No posts found",
  fetchFailed: "Failed to fetch posts",
  updateFailed: "Failed to update post",
  deleteFailed: "Failed to delete post",
  createFailed: "Failed to create post",
  likeLogin: "Please log in to like posts",
  ratingFailed: "Failed to submit rating",
  notFound: "Post not found",
  commentNotFound: "Comment not found",
  notYourPost: "You can only change your own posts",
  notYourComment: "You can only delete your own comments",
  notYourCommentEdit: "You can only edit your own comments",
  parentNotFound: "The comment you are replying to was not found",
  /** What is left of a deleted comment that has replies (docs/decisions/0070). */
  deletedComment: "[deleted]",
  commentEmpty: "Comment cannot be empty",
} as const;

/** The five fixed popular topics of the home sidebar (SPEC §9). */
export const POPULAR_TOPICS = ["ChatGPT", "PromptEngineering", "AIArt", "Coding", "Ethics"] as const;

/** A sanity cap on the body; the moderation settings decide the real maximum (422 "too long"). */
export const POST_CONTENT_HARD_MAX = 10_000;
export const TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 50;

/** Images come only from our upload endpoint. */
export const UPLOAD_URL_PREFIX = "/api/uploads/";
export const UPLOAD_FILE_RE = /^[A-Za-z0-9_-]{16,64}\.webp$/;
export const UPLOAD_URL_RE = /^\/api\/uploads\/[A-Za-z0-9_-]{16,64}\.webp$/;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

const TAG_RE = /^[\p{L}\p{N}_]+$/u;
const HASHTAG_RE = /(^|[^\p{L}\p{N}_&#/])#([\p{L}\p{N}_]{1,50})/gu;

/** `#hashtags` of a text, in order, without duplicates (case-insensitive), without the '#'. */
export function parseHashtags(content: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of content.matchAll(HASHTAG_RE)) {
    const tag = m[2]!;
    if (/^\d+$/.test(tag)) continue; // "#1" is a number, not a topic
    const key = tag.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}

/** Merges tag lists, dropping '#' prefixes and case-insensitive duplicates, keeping the first spelling. */
export function mergeTags(...lists: readonly (readonly string[])[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const list of lists) {
    for (const raw of list) {
      const tag = raw.replace(/^#/, "").trim();
      const key = tag.toLowerCase();
      if (tag && !seen.has(key)) {
        seen.add(key);
        out.push(tag);
      }
    }
  }
  return out.slice(0, TAGS_MAX);
}

/** `@username` mentions of a text (lower-cased, distinct). */
export function parseMentions(content: string): string[] {
  const out = new Set<string>();
  for (const m of content.matchAll(/(^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}_.-]{3,30})/gu)) {
    out.add(m[2]!.replace(/[.-]+$/, "").toLowerCase());
  }
  return [...out].filter((u) => u.length >= 3);
}

const contentSchema = (field: string, emptyMessage: string) =>
  z
    .string({ error: `${field} must be text` })
    .max(POST_CONTENT_HARD_MAX, `${field} is too long`)
    .refine((v) => !CONTROL_CHARS.test(v), { message: `${field} contains characters that are not allowed` })
    .refine((v) => v.trim().length > 0, { message: emptyMessage });

export const tagSchema = z
  .string({ error: "Tags must be text" })
  .transform((v) => v.trim().replace(/^#/, ""))
  .pipe(
    z
      .string()
      .min(1, "Tags cannot be empty")
      .max(TAG_MAX_LENGTH, `Tags must be at most ${TAG_MAX_LENGTH} characters`)
      .regex(TAG_RE, "Tags may only contain letters, numbers and underscores"),
  );

/** The one list of model ids (common/models.ts), as every form's schema. */
export const aiModelSchema = aiModelIdSchema("aiModel");

export const postCreateSchema = z
  .strictObject({
    content: contentSchema("Post content", POST_MESSAGES.contentEmpty),
    tags: z
      .array(tagSchema, { error: "tags must be a list" })
      .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
      .default([]),
    isAnonymous: z.boolean({ error: "isAnonymous must be true or false" }).default(false),
    aiModel: aiModelSchema.nullish(),
    rating: z
      .number({ error: "rating must be a number from 1 to 5" })
      .int("rating must be a whole number from 1 to 5")
      .min(1, "rating must be from 1 to 5")
      .max(5, "rating must be from 1 to 5")
      .nullish(),
    image: z
      .string({ error: "image must be text" })
      .regex(UPLOAD_URL_RE, "image must be the address of an image uploaded with POST /api/uploads/images")
      .nullish(),
    /** The original rating dialog sent a fixed userId; identity comes from the session only (DESIGN §4). */
    userId: z.unknown().optional(),
  })
  .refine((v) => v.rating == null || v.aiModel != null, {
    message: "Choose the AI model you are rating",
    path: ["aiModel"],
  });
export type PostCreateInput = z.input<typeof postCreateSchema>;

/** SPEC §5: the "Rate AI Model" dialog's messages for its three required fields. */
export const RATING_FORM_MESSAGES = {
  model: "Please choose a model",
  rating: "Please select a rating",
  review: "Please write a short review",
} as const;

/**
 * The "Rate AI Model" dialog: a post that must carry a model, 1–5 stars and a review. Each field
 * has the post's own rule (postCreateSchema) and is required, with the dialog's message.
 */
export const ratingPostFormSchema = z.object({
  aiModel: z.string().min(1, RATING_FORM_MESSAGES.model).pipe(aiModelSchema),
  rating: z
    .number()
    .min(1, RATING_FORM_MESSAGES.rating)
    .pipe(postCreateSchema.shape.rating.unwrap().unwrap()),
  review: contentSchema("Post content", RATING_FORM_MESSAGES.review),
});
export type RatingPostFormInput = z.input<typeof ratingPostFormSchema>;

export const postUpdateSchema = z.strictObject({
  content: contentSchema("Post content", POST_MESSAGES.contentEmpty),
});
export type PostUpdateInput = z.infer<typeof postUpdateSchema>;

const tagQuery = z
  .string({ error: "tag must be text" })
  .transform((v) => v.trim().replace(/^#/, ""))
  .pipe(
    z
      .string()
      .max(TAG_MAX_LENGTH, `tag must be at most ${TAG_MAX_LENGTH} characters`)
      .regex(/^[\p{L}\p{N}_]*$/u, "tag may only contain letters, numbers and underscores"),
  )
  .optional();

/**
 * The feed's sorts and tabs (issue 21 item 3, decisions 0103 and 0104), each kept in the page
 * address: `?sort=hot`, `?sort=top&t=7d`, `?tab=following`. New is the feed as it always was.
 * Labels and windows' lengths are in feed-sorts.ts (the post lists of other pages need none).
 */
export const FEED_SORTS = ["new", "hot", "top"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
export const TOP_WINDOWS = ["24h", "7d", "30d", "all"] as const;
export type TopWindow = (typeof TOP_WINDOWS)[number];
export const DEFAULT_TOP_WINDOW: TopWindow = "7d";
export const FEED_TABS = ["all", "following"] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** zod's own message names the values allowed ('Invalid option: expected one of "new"|"hot"|"top"'). */
export const postListQuerySchema = pageQuerySchema.extend({
  tag: tagQuery,
  sort: z.enum(FEED_SORTS).default("new"),
  /** Top's time window (ignored by the other sorts). */
  t: z.enum(TOP_WINDOWS).default(DEFAULT_TOP_WINDOW),
  tab: z.enum(FEED_TABS).default("all"),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

export const postSearchQuerySchema = z.object({
  q: z
    .string({ error: "Search term is required" })
    .trim()
    .min(2, "Search term must be at least 2 characters")
    .max(200, "Search term must be at most 200 characters")
    .refine((v) => !CONTROL_CHARS.test(v), {
      message: "Search term contains characters that are not allowed",
    }),
  limit: pageQuerySchema.shape.limit,
  tag: tagQuery,
});
export type PostSearchQuery = z.infer<typeof postSearchQuerySchema>;

/** A post's author; anonymous posts show `{ id: null, username: "Anonymous" }` (DESIGN §4). */
export const postAuthorSchema = z.object({
  id: z.number().int().nullable(),
  username: z.string(),
  avatar: z.string().nullable(),
  generation: generationSchema.nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;
export const ANONYMOUS_AUTHOR: PostAuthor = {
  id: null,
  username: "Anonymous",
  avatar: null,
  generation: null,
};

export const postSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  author: postAuthorSchema,
  aiModel: z.string().nullable(),
  rating: z.number().int().nullable(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  likes: z.number().int(),
  comments: z.number().int(),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isAnonymous: z.boolean(),
  isOwn: z.boolean(),
  isLiked: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const commentCreateSchema = z.strictObject({
  content: contentSchema("Comment", POST_MESSAGES.commentEmpty),
  isAnonymous: z.boolean({ error: "isAnonymous must be true or false" }).default(false),
  /** Makes the comment a reply: the id of a comment of the same post (a reply's reply joins its thread). */
  parentId: z
    .number({ error: "parentId must be a comment id" })
    .int("parentId must be a whole number")
    .positive("parentId must be positive")
    .max(2_147_483_647, "parentId is too large")
    .nullish(),
});
export type CommentCreateInput = z.input<typeof commentCreateSchema>;

export const commentUpdateSchema = z.strictObject({
  content: contentSchema("Comment", POST_MESSAGES.commentEmpty),
});
export type CommentUpdateInput = z.infer<typeof commentUpdateSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  /** The top-level comment this one replies to; null for a top-level comment. */
  parentId: z.number().int().nullable(),
  content: z.string(),
  author: postAuthorSchema,
  createdAt: z.string(),
  /** When the author last edited it ("(edited)"); null when never. */
  editedAt: z.string().nullable(),
  isAnonymous: z.boolean(),
  isOwn: z.boolean(),
  /** Deleted while it had replies: content is "[deleted]" and the author anonymous. */
  isDeleted: z.boolean(),
  /** By a member the viewer blocked: collapsed, with neither text nor author (decision 0092). */
  isBlocked: z.boolean().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(2_147_483_647, `${name} is too large`);

export const commentParamsSchema = z.object({
  postId: positiveId("postId"),
  commentId: positiveId("commentId"),
});

export const uploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

import { z } from "zod";
import { emailSchema, generationSchema, passwordSchema } from "./auth";
import { CONTROL_CHARS, pageQuerySchema } from "./http";

/** Texts of SPEC §4 / §8 and of the settings screens. */
export const SOCIAL_MESSAGES = {
  followLogin: "Please log in to follow users",
  followSelf: "You cannot follow yourself",
  userNotFound: "User not found",
  following: "Following...",
  unfollowing: "Unfollowing...",
  profileLogin: "Please log in to view your profile",
  noResults: "No results found",
  searchMin: "Search term must be at least 2 characters",
  searchMax: "Search term must be at most 200 characters",
  wrongPassword: "Your current password is not correct",
  emailUnchanged: "That is already your email address",
  passwordUnchanged: "Choose a password different from the current one",
  deleteConfirm: "Type DELETE to confirm",
} as const;

export const SEARCH_MIN = 2;
export const SEARCH_MAX = 200;
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 20;

export const followStatusSchema = z.object({ isFollowing: z.boolean() });
export type FollowStatus = z.infer<typeof followStatusSchema>;

/** The answer to follow/unfollow: the new state and the followee's exact follower count. */
export const followResultSchema = z.object({
  isFollowing: z.boolean(),
  followersCount: z.number().int(),
});
export type FollowResult = z.infer<typeof followResultSchema>;

/** A member in a list (followers, following, search). */
export const userSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  generation: generationSchema,
  followersCount: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const followListQuerySchema = pageQuerySchema;

// --- Profiles -----------------------------------------------------------------------------------

export const profileStatsSchema = z.object({
  posts: z.number().int(),
  likesReceived: z.number().int(),
  ratings: z.number().int(),
  prompts: z.number().int(),
  threads: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

export const ACTIVITY_KINDS = [
  "post",
  "comment",
  "thread",
  "reply",
  "prompt",
  "rating",
  "model-comment",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  post: "Posted",
  comment: "Commented on a post",
  thread: "Started a thread",
  reply: "Replied in a thread",
  prompt: "Shared a prompt",
  rating: "Rated a model",
  "model-comment": "Commented on a model",
};

export const activityItemSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  id: z.number().int(),
  text: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const avatarResultSchema = z.object({ avatar: z.string().nullable() });

/** A stored profile picture's name (random, never reused): served at /api/avatars/{name}. */
export const AVATAR_FILE_RE = /^[A-Za-z0-9_-]{24}\.webp$/;

// --- Global search ------------------------------------------------------------------------------

export const searchQuerySchema = z.object({
  q: z
    .string({ error: SOCIAL_MESSAGES.searchMin })
    .trim()
    .min(SEARCH_MIN, SOCIAL_MESSAGES.searchMin)
    .max(SEARCH_MAX, SOCIAL_MESSAGES.searchMax)
    .refine((v) => !CONTROL_CHARS.test(v), {
      message: "Search term contains characters that are not allowed",
    }),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(SEARCH_LIMIT_MAX, `limit must be at most ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchPostSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  aiModel: z.string().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  createdAt: z.string(),
  /** Anonymous posts answer `{ id: null, username: "Anonymous" }` (DESIGN §4). */
  author: z.object({ id: z.number().int().nullable(), username: z.string(), avatar: z.string().nullable() }),
});
export const searchPromptSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  likes: z.number().int(),
  author: z.object({ username: z.string(), avatar: z.string().nullable() }),
});
export const searchResultSchema = z.object({
  posts: z.array(searchPostSchema),
  users: z.array(userSummarySchema),
  prompts: z.array(searchPromptSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchPost = z.infer<typeof searchPostSchema>;
export type SearchPrompt = z.infer<typeof searchPromptSchema>;

/** Where a prompt search result opens. */
export const promptUrl = (id: number) => `/prompts?prompt=${id}`;

// --- Account settings ---------------------------------------------------------------------------

const currentPasswordSchema = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(200, SOCIAL_MESSAGES.wrongPassword);

export const emailChangeSchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

export const passwordChangeSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const accountDeleteSchema = z.strictObject({
  password: currentPasswordSchema,
  confirm: z.literal("DELETE", { error: SOCIAL_MESSAGES.deleteConfirm }),
});
export type AccountDeleteInput = z.infer<typeof accountDeleteSchema>;

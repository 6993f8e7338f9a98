import { z } from "zod";
import { PLAN_DISPLAY_NAMES, type PlanName } from "./plans";

/** What a moderated text is: each kind has its own per-minute budget and duplicate memory. */
export const MODERATION_KINDS = ["post", "comment", "thread", "reply", "prompt", "request"] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

/** SPEC §5/§9 defaults; the admin dashboard stores its own values in `moderation_settings`. */
export const MODERATION_DEFAULTS = {
  minLength: 5,
  maxLength: 2000,
  profanityFilter: true,
  spamDetection: true,
  postsPerMinute: 5,
} as const;

export const moderationSettingsSchema = z.object({
  minLength: z.number().int().min(1).max(10_000),
  maxLength: z.number().int().min(1).max(10_000),
  profanityFilter: z.boolean(),
  spamDetection: z.boolean(),
  postsPerMinute: z.number().int().min(1).max(1000),
});
export type ModerationSettings = z.infer<typeof moderationSettingsSchema>;

/** A recorded refusal as the admin dashboard lists it (SPEC §3 "Moderation action"). */
export const moderationActionSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  timestamp: z.string(),
  user: z.string(),
  reason: z.string(),
  content: z.string(),
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/**
 * The server's refusal messages (SPEC §5's texts). The client picks the banner by the answer's
 * `code` (MODERATION_CODES), never by these texts.
 */
export const MODERATION_MESSAGES = {
  tooShort: (min: number) => `Content is too short: please write at least ${min} characters.`,
  tooLong: (max: number) => `Content is too long: please keep it to ${max} characters or fewer.`,
  prohibited: "Your content contains prohibited language. Please rephrase it and try again.",
  suspicious: (why: string) => `Your content looks suspicious (${why}). Please rephrase it and try again.`,
  perMinute: (n: number) =>
    `You are posting too fast: the rate limit is ${n} per minute. Please wait a minute and try again.`,
  daily: (plan: PlanName, n: number) => {
    const upgrade =
      plan === "free"
        ? "Upgrade to Basic or Pro on the Subscription page for more."
        : "Upgrade to Pro or Premium on the Subscription page for unlimited posts.";
    return `Daily post rate limit reached: the ${PLAN_DISPLAY_NAMES[plan]} plan allows ${n} posts per day. ${upgrade}`;
  },
} as const;

export const SPAM_REASONS = {
  duplicate: "the same text was posted recently",
  links: "too many links",
  characters: "repeated characters",
  words: "repeated words",
} as const;

/**
 * The stable `code` of each moderation refusal (422) and posting limit (429). Every other 429 of
 * the API answers `rate_limited` too (the generic limiters), so its banner is "Slow down there!".
 */
export const MODERATION_CODES = {
  tooShort: "content_too_short",
  tooLong: "content_too_long",
  prohibited: "content_prohibited",
  suspicious: "content_suspicious",
  rateLimited: "rate_limited",
  daily: "daily_post_limit",
  moderatorLimit: "moderator_rate_limit",
} as const;
export type ModerationCode = (typeof MODERATION_CODES)[keyof typeof MODERATION_CODES];

/** The three banner titles of SPEC §5; which message gets which is recorded in docs/decisions/0011. */
export const MODERATION_BANNER_TITLES = {
  rateLimit: "Slow down there!",
  prohibited: "Content Not Allowed",
  warning: "Content Warning",
} as const;

export interface ModerationBanner {
  kind: keyof typeof MODERATION_BANNER_TITLES;
  title: string;
  message: string;
}

const BANNER_KIND_BY_CODE: Record<string, ModerationBanner["kind"]> = {
  [MODERATION_CODES.rateLimited]: "rateLimit",
  [MODERATION_CODES.daily]: "rateLimit",
  [MODERATION_CODES.moderatorLimit]: "rateLimit",
  [MODERATION_CODES.prohibited]: "prohibited",
  [MODERATION_CODES.suspicious]: "warning",
  [MODERATION_CODES.tooShort]: "warning",
  [MODERATION_CODES.tooLong]: "warning",
};

/**
 * The banner an error answer deserves, by its `code` (docs/decisions/0075), or null when it is not
 * a moderation refusal or posting limit. The banner shows the server's message as it is.
 */
export function moderationBannerFor(
  error: { code?: string | null; message?: string | null } | null | undefined,
): ModerationBanner | null {
  const kind = error?.code ? BANNER_KIND_BY_CODE[error.code] : undefined;
  if (!kind || !error?.message) return null;
  return { kind, title: MODERATION_BANNER_TITLES[kind], message: error.message };
}

import { z } from "zod";
import { PLAN_DISPLAY_NAMES, type PlanName } from "./plans";

/** What a moderated text is: each kind has its own per-minute budget and duplicate memory. */
export const MODERATION_KINDS = ["post", "comment", "thread", "reply", "prompt"] as const;
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
 * The server's refusal messages. Each contains the keyword the client's banner looks for
 * (SPEC §5): "too short", "too long", "prohibited", "suspicious", "rate limit".
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

/** The banner a server message deserves, or null when it is not a moderation message. */
export function moderationBannerFor(message: string | undefined | null): ModerationBanner | null {
  if (!message) return null;
  const m = message.toLowerCase();
  if (m.includes("rate limit"))
    return { kind: "rateLimit", title: MODERATION_BANNER_TITLES.rateLimit, message };
  if (m.includes("prohibited"))
    return { kind: "prohibited", title: MODERATION_BANNER_TITLES.prohibited, message };
  if (m.includes("suspicious") || m.includes("too short") || m.includes("too long")) {
    return { kind: "warning", title: MODERATION_BANNER_TITLES.warning, message };
  }
  return null;
}

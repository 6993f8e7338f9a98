import { z } from "zod";
import { generationSchema } from "./auth";
import { CONTROL_CHARS } from "./http";
import { PLAN_NAMES } from "./plans";

// --- A member's own analytics (SPEC §9 "Analytics": none / basic / advanced by plan) ------------

export const ANALYTICS_RANGES = ["7d", "30d"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = { "7d": 7, "30d": 30 };
export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRange, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};

export const ANALYTICS_TEXT = {
  title: "Analytics",
  lead: "How the community engages with your posts",
  upgradeTitle: "Unlock your analytics",
  upgradeText:
    "See how many people view, like and comment on your posts. Basic shows your totals; Pro and Premium add charts over time, a per-post breakdown, follower growth and the generations of the members who engage with you.",
  upgradeAction: "View plans",
  basicUpsell:
    "Upgrade to Pro for charts over time, a per-post breakdown, follower growth and your audience's generations.",
  noPosts: "You have not posted yet",
  loadFailed: "Failed to load analytics",
} as const;

export const analyticsQuerySchema = z.object({
  range: z
    .enum(ANALYTICS_RANGES, { error: `range must be one of ${ANALYTICS_RANGES.join(", ")}` })
    .default("7d"),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const totalsSchema = z.object({
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  /** Posts published in the period. */
  posts: z.number().int(),
});
export type AnalyticsTotals = z.infer<typeof totalsSchema>;

const planSchema = z.enum(PLAN_NAMES);
const periodFields = {
  plan: planSchema,
  range: z.enum(ANALYTICS_RANGES),
  /** The period: whole UTC days ending today, `from` inclusive, `to` = now. */
  from: z.string(),
  to: z.string(),
};

export const analyticsNoneSchema = z.object({
  level: z.literal("none"),
  plan: planSchema,
  range: z.enum(ANALYTICS_RANGES),
  upgradeUrl: z.string(),
});

export const analyticsBasicSchema = z.object({
  level: z.literal("basic"),
  ...periodFields,
  totals: totalsSchema,
  /** The same figures for the period of equal length just before. */
  previous: totalsSchema,
});

export const dailyPointSchema = z.object({
  date: z.string(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  newFollowers: z.number().int(),
  /** Followers at the end of the day. */
  followers: z.number().int(),
});
export type DailyPoint = z.infer<typeof dailyPointSchema>;

export const postBreakdownSchema = z.object({
  id: z.number().int(),
  excerpt: z.string(),
  createdAt: z.string(),
  isAnonymous: z.boolean(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  totalViews: z.number().int(),
  totalLikes: z.number().int(),
  totalComments: z.number().int(),
});
export type PostBreakdown = z.infer<typeof postBreakdownSchema>;

export const analyticsAdvancedSchema = analyticsBasicSchema.extend({
  level: z.literal("advanced"),
  series: z.array(dailyPointSchema),
  followers: z.object({ total: z.number().int(), gained: z.number().int() }),
  posts: z.array(postBreakdownSchema),
  audience: z.array(z.object({ generation: generationSchema, label: z.string(), members: z.number().int() })),
});

export const personalAnalyticsSchema = z.discriminatedUnion("level", [
  analyticsNoneSchema,
  analyticsBasicSchema,
  analyticsAdvancedSchema,
]);
export type PersonalAnalytics = z.infer<typeof personalAnalyticsSchema>;
export type AdvancedAnalytics = z.infer<typeof analyticsAdvancedSchema>;
export type BasicAnalytics = z.infer<typeof analyticsBasicSchema>;

/** Posts listed in the per-post breakdown. */
export const ANALYTICS_POSTS_MAX = 20;
export const EXCERPT_LENGTH = 80;

export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

// --- First-party usage analytics (SPEC §7: page views and identify, after consent) -------------

export const USAGE_EVENT_TYPES = ["pageview", "identify"] as const;
export const USAGE_PATH_MAX = 300;
export const USAGE_REFERRER_MAX = 2000;

/** A path of this site: starts with one "/", no scheme or host, no spaces or control characters. */
export const usagePathSchema = z
  .string({ error: "path must be text" })
  .min(1, "path is required")
  .max(USAGE_PATH_MAX, `path must be at most ${USAGE_PATH_MAX} characters`)
  .refine((v) => v.startsWith("/") && !v.startsWith("//"), { message: "path must start with /" })
  .refine((v) => !CONTROL_CHARS.test(v) && !/\s/.test(v), {
    message: "path contains characters that are not allowed",
  });

export const usageEventSchema = z.strictObject({
  type: z.enum(USAGE_EVENT_TYPES, { error: `type must be one of ${USAGE_EVENT_TYPES.join(", ")}` }),
  path: usagePathSchema,
  referrer: z
    .string({ error: "referrer must be text" })
    .max(USAGE_REFERRER_MAX, `referrer must be at most ${USAGE_REFERRER_MAX} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), { message: "referrer contains characters that are not allowed" })
    .optional(),
});
export type UsageEvent = z.infer<typeof usageEventSchema>;

export const usageEventResultSchema = z.object({ recorded: z.boolean() });

/**
 * The path as stored: without query string or fragment (they may hold tokens, e.g. a password
 * reset link), without a trailing slash, percent-decoding left as sent.
 */
export function normalizeUsagePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "/";
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return trimmed || "/";
}

/** The referring site's host, or null for none, an unparsable value or this site itself. */
export function referrerHost(referrer: string | undefined, ownHost: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase();
    if (!host || (ownHost && host === ownHost.toLowerCase().replace(/:\d+$/, ""))) return null;
    return host.slice(0, 253);
  } catch {
    return null;
  }
}

// --- Site-wide analytics for admins ------------------------------------------------------------

export const SITE_ANALYTICS_DAYS = 30;
export const SITE_TOP_PAGES = 10;

export const siteAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      activeMembers: z.number().int(),
      visitors: z.number().int(),
      pageViews: z.number().int(),
    }),
  ),
  totals: z.object({
    pageViews: z.number().int(),
    /** Distinct members active at least once in the period. */
    activeMembers: z.number().int(),
    /** Visitors are counted per day (the daily hash cannot be linked across days). */
    averageDailyVisitors: z.number().int(),
  }),
  topPages: z.array(z.object({ path: z.string(), views: z.number().int() })),
  topReferrers: z.array(z.object({ host: z.string(), visits: z.number().int() })),
});
export type SiteAnalytics = z.infer<typeof siteAnalyticsSchema>;

/** The UTC calendar dates (YYYY-MM-DD) of the `days` days ending on `now`'s date, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

import { z } from "zod";
import { pageQuerySchema, plainText } from "./http";
import { REPORT_REASONS, REPORT_TARGET_TYPES } from "./reports";

/** The admin moderation dashboard (SPEC §2.16, §3, §7) and its actions. */

export const ADMIN_MESSAGES = {
  notAuthorised: "You are not authorized to view this page",
  notAuthorisedLead: "The moderation dashboard is for administrators only.",
  suspended: "This account has been suspended",
  banSelf: "You cannot ban yourself",
  banLastAdmin: "You cannot ban the last administrator",
  userNotFound: "Member not found",
  removeMember: "A member cannot be removed: ban them instead",
  noOpenReports: "There are no open reports for this item",
  rateLimitedUntil: (until: string) =>
    `A moderator has placed a rate limit on your account: you can post again after ${until}.`,
  settingsSaved: "Moderation settings saved",
} as const;

/** "2025-06-01 14:30 UTC": how restriction times are written in messages. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

/** SPEC §3 "Moderation stats". */
export const moderationStatsSchema = z.object({
  totalPosts: z.number().int(),
  blockedPosts: z.number().int(),
  rateLimitedUsers: z.number().int(),
  bannedUsers: z.number().int(),
});
export type ModerationStats = z.infer<typeof moderationStatsSchema>;

// ---------------------------------------------------------------- settings

export const SETTINGS_BOUNDS = {
  minLength: 1,
  maxLength: 10_000,
  postsPerMinuteMin: 1,
  postsPerMinuteMax: 100,
} as const;

export const SETTINGS_MESSAGES = {
  minLength: `Minimum length must be a whole number of at least ${SETTINGS_BOUNDS.minLength}`,
  maxLength: `Maximum length must be a whole number from 1 to ${SETTINGS_BOUNDS.maxLength}`,
  order: "Minimum length cannot be greater than maximum length",
  postsPerMinute: `Posts per minute must be a whole number from ${SETTINGS_BOUNDS.postsPerMinuteMin} to ${SETTINGS_BOUNDS.postsPerMinuteMax}`,
} as const;

const intField = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** What an admin may store: the five settings, within sane bounds, and an optional reason. */
export const moderationSettingsUpdateSchema = z
  .strictObject({
    minLength: intField(SETTINGS_MESSAGES.minLength, SETTINGS_BOUNDS.minLength, SETTINGS_BOUNDS.maxLength),
    maxLength: intField(SETTINGS_MESSAGES.maxLength, 1, SETTINGS_BOUNDS.maxLength),
    profanityFilter: z.boolean({ error: "profanityFilter must be true or false" }),
    spamDetection: z.boolean({ error: "spamDetection must be true or false" }),
    postsPerMinute: intField(
      SETTINGS_MESSAGES.postsPerMinute,
      SETTINGS_BOUNDS.postsPerMinuteMin,
      SETTINGS_BOUNDS.postsPerMinuteMax,
    ),
    reason: z.string({ error: "reason must be text" }).trim().max(500, "Reason is too long").optional(),
  })
  .refine((v) => v.minLength <= v.maxLength, { message: SETTINGS_MESSAGES.order, path: ["minLength"] });
export type ModerationSettingsUpdate = z.infer<typeof moderationSettingsUpdateSchema>;

// ---------------------------------------------------------------- audit log

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The admin's user name at the time (kept if their account is deleted). */
  admin: z.string(),
  action: z.string(),
  summary: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().int().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---------------------------------------------------------------- members

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(["member", "admin"]),
  bannedAt: z.string().nullable(),
  rateLimitedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListQuerySchema = pageQuerySchema.extend({
  /** "restricted": banned or currently rate limited (the default); "all": every member. */
  filter: z.enum(["restricted", "all"], { error: "filter must be restricted or all" }).default("restricted"),
  q: plainText("Search").trim().max(50, "Search is too long").optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

const reasonField = plainText("Reason").trim().max(500, "Reason must be at most 500 characters");
const requiredReason = reasonField.refine((v) => v.length > 0, { message: "Please give a reason" });

export const RATE_LIMIT_HOURS_MAX = 24 * 30;
const hoursField = z
  .number({ error: "hours must be a number" })
  .int("hours must be a whole number")
  .min(1, "hours must be at least 1")
  .max(RATE_LIMIT_HOURS_MAX, `hours must be at most ${RATE_LIMIT_HOURS_MAX} (30 days)`);

export const RATE_LIMIT_PERIODS = [
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "1 day" },
  { hours: 24 * 7, label: "1 week" },
  { hours: 24 * 30, label: "30 days" },
] as const;

export const WARNING_MAX = 500;
const warningField = plainText("Message")
  .trim()
  .min(1, "Please write the warning")
  .max(WARNING_MAX, `The warning must be at most ${WARNING_MAX} characters`);

export const banSchema = z.strictObject({ reason: requiredReason });
export const unbanSchema = z.strictObject({ reason: reasonField.optional() });
export const rateLimitSchema = z.strictObject({ hours: hoursField, reason: requiredReason });
export const warnSchema = z.strictObject({ message: warningField, reason: reasonField.optional() });

// ---------------------------------------------------------------- user reports

export const REPORT_ACTIONS = ["dismiss", "remove", "warn", "rate_limit", "ban"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: "Dismiss",
  remove: "Remove content",
  warn: "Warn author",
  rate_limit: "Rate-limit author",
  ban: "Ban author",
};

const target = {
  targetType: z.enum(REPORT_TARGET_TYPES, {
    error: "targetType must be one of post, comment, thread, reply, prompt, battle or user",
  }),
  targetId: z
    .number({ error: "targetId must be a number" })
    .int("targetId must be a whole number")
    .positive("targetId must be positive")
    .max(2_147_483_647, "targetId is too large"),
};

/**
 * An admin's decision on a reported item. Dismiss: the reports were wrong, the item is shown
 * again. Remove: the item is deleted. Warn, rate-limit, ban: the reports were right, the item
 * stays hidden and its author is dealt with. Each closes the item's open reports.
 */
export const reportResolveSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("dismiss"), ...target, reason: reasonField.optional() }),
    z.strictObject({ action: z.literal("remove"), ...target, reason: reasonField.optional() }),
    z.strictObject({
      action: z.literal("warn"),
      ...target,
      message: warningField,
      reason: reasonField.optional(),
    }),
    z.strictObject({ action: z.literal("rate_limit"), ...target, hours: hoursField, reason: requiredReason }),
    z.strictObject({ action: z.literal("ban"), ...target, reason: requiredReason }),
  ],
  { error: "action must be one of dismiss, remove, warn, rate_limit or ban" },
);
export type ReportResolveInput = z.infer<typeof reportResolveSchema>;

export const reportGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  /** Where the item is shown; null when it no longer exists. */
  url: z.string().nullable(),
  /** The reported text (a member's name and bio for a member); empty when the item is gone. */
  content: z.string(),
  exists: z.boolean(),
  hidden: z.boolean(),
  author: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reporter: z.string(),
      reason: z.enum(REPORT_REASONS),
      details: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The newest open report's id: the list is newest first and this is its cursor. */
  latestReportId: z.number().int(),
  lastReportedAt: z.string(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

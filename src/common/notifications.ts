import { z } from "zod";
import { pageQuerySchema } from "./http";

/** Texts of SPEC §2.19 / §8 used by the notifications popover. */
export const NOTIFICATION_MESSAGES = {
  empty: "No notifications yet",
  allRead: "✅ All notifications marked as read",
  notFound: "Notification not found",
  loginRequired: "Please log in to see your notifications",
  /** The notifications page's Unread filter with nothing unread (decision 0143). */
  noneUnread: "No unread notifications",
} as const;

/** The notifications page's filters (decision 0143): every notice, or the unread ones only. */
export const NOTIFICATION_FILTERS = ["all", "unread"] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** A page of the member's notifications, newest first by keyset on the id, all or unread only. */
export const notificationListQuerySchema = pageQuerySchema.extend({
  filter: z.enum(NOTIFICATION_FILTERS, { error: 'filter must be "all" or "unread"' }).default("all"),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** Stored kinds; anything else a client receives is shown as generic (SPEC §3). */
export const NOTIFICATION_TYPES = [
  "follow",
  "like",
  "comment",
  "reply",
  "mention",
  "generic",
  "model_request",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Kinds a member can turn on or off per channel (generic notices are always in-app). */
export const PREFERENCE_TYPES = ["follow", "like", "comment", "reply", "mention", "model_request"] as const;
export type PreferenceType = (typeof PREFERENCE_TYPES)[number];
export const PREFERENCE_CHANNELS = ["inApp", "email", "push"] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

export const PREFERENCE_LABELS: Record<PreferenceType, string> = {
  follow: "New followers",
  like: "Likes on your posts and prompts",
  comment: "Comments on your posts and models you discussed",
  reply: "Replies to your forum threads",
  mention: "Mentions of your @username",
  model_request: "Model requests you made or upvoted: accepted, declined or merged",
};
export const CHANNEL_LABELS: Record<PreferenceChannel, string> = {
  inApp: "In-app",
  email: "Email",
  push: "Push",
};

const channelSchema = z.strictObject({
  inApp: z.boolean({ error: "inApp must be true or false" }),
  email: z.boolean({ error: "email must be true or false" }),
  push: z.boolean({ error: "push must be true or false" }),
});
export type ChannelPreferences = z.infer<typeof channelSchema>;

export const notificationPreferencesSchema = z.strictObject({
  follow: channelSchema,
  like: channelSchema,
  comment: channelSchema,
  reply: channelSchema,
  mention: channelSchema,
  model_request: channelSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A partial update: only the kinds and channels sent change. */
export const notificationPreferencesUpdateSchema = z.strictObject({
  follow: channelSchema.partial().optional(),
  like: channelSchema.partial().optional(),
  comment: channelSchema.partial().optional(),
  reply: channelSchema.partial().optional(),
  mention: channelSchema.partial().optional(),
  model_request: channelSchema.partial().optional(),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/**
 * Defaults for a member who never chose: everything in-app and as push (push also needs the
 * member to allow it in a browser); email only for followers, replies and mentions (digested
 * hourly), so likes never flood an inbox.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  follow: { inApp: true, email: true, push: true },
  like: { inApp: true, email: false, push: true },
  comment: { inApp: true, email: false, push: true },
  reply: { inApp: true, email: true, push: true },
  mention: { inApp: true, email: true, push: true },
  model_request: { inApp: true, email: false, push: true },
};

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** Where a click goes (a post, a profile, a thread); null for notices without a page. */
  url: z.string().nullable(),
  /** Members behind a grouped notification ("Ada and 3 others liked your post"). */
  actorCount: z.number().int(),
  relatedUser: z
    .object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() })
    .nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// --- Web push ---------------------------------------------------------------------------------

const B64URL_RE = /^[A-Za-z0-9_-]+={0,2}$/;
/** A push service's URL has no control character (a NUL reached PostgreSQL and failed there: a 500). */
const noControlChars = (v: string) => !/[\u0000-\u001f\u007f]/.test(v);

export const pushSubscriptionSchema = z.strictObject({
  endpoint: z
    .string({ error: "endpoint must be a URL" })
    .max(2000, "endpoint is too long")
    .refine((v) => noControlChars(v) && URL.canParse(v), { message: "endpoint must be a URL" }),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject(
    {
      p256dh: z
        .string({ error: "keys.p256dh is required" })
        .max(200, "keys.p256dh is too long")
        .regex(B64URL_RE, "keys.p256dh must be base64url"),
      auth: z
        .string({ error: "keys.auth is required" })
        .max(100, "keys.auth is too long")
        .regex(B64URL_RE, "keys.auth must be base64url"),
    },
    { error: "keys must hold p256dh and auth" },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.strictObject({
  endpoint: z
    .string({ error: "endpoint must be a URL" })
    .max(2000, "endpoint is too long")
    .refine(noControlChars, { message: "endpoint must be a URL" }),
});

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives in a push event (issue 10's worker shows it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

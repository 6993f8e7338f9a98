import { PRODUCT_NAME } from "../../../common/constants";
import {
  NOTIFICATION_MESSAGES,
  type NotificationListQuery,
  type NotificationType,
  type PreferenceType,
} from "../../../common/notifications";
import type { AppContext, SessionUser } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { notificationsEntity } from "../../platform/entities";
import { forgetNamedAnswers } from "../../platform/public-cache";
import { getPubSub } from "../../platform/pubsub";
import { notificationSilenced } from "../blocks/public";
import { sendPush } from "../push/public";
import { findUserById } from "../users/public";
import { keptNotificationPreferences } from "./preferences";
import { type UnreadCache, unreadCacheOf } from "./unread-cache";
import { notificationText, presentNotification } from "./presenter";
import {
  countUnread,
  type GroupPolicy,
  listNotifications,
  listUnreadNotifications,
  markAllRead,
  markRead,
  storeNotification,
} from "./queries";

/** The pub/sub channel of one member's live stream. */
export const unreadChannel = (userId: number) => `notifications:${userId}`;

export interface NotifyInput {
  recipientId: number;
  type: NotificationType;
  /** The action phrase ("liked your post"); for generic notices the whole text. */
  phrase: string;
  url: string | null;
  /** Who acted; null for notices from the site itself. */
  actorId: number | null;
  /** The actor's name is kept from the recipient (stealth). */
  anonymousActor?: boolean;
  groupKey?: string;
  policy?: GroupPolicy;
}

export type NotifyOutcome = "stored" | "merged" | "skipped" | "muted" | "self" | "silenced";

const MESSAGE_MAX = 1000;

/**
 * Tells every open stream of the member (on any instance) that their unread count changed,
 * with the count when the caller knows it; otherwise each stream counts for itself, so a
 * notice for a member with no page open (most of them) costs no count (docs/performance.md).
 */
export async function publishUnread(ctx: AppContext, userId: number, count?: number): Promise<void> {
  unreadCacheOf(ctx).forget(userId); // here at once; the other instances when they hear of it
  forgetNamedAnswers(ctx, [notificationsEntity(userId)]); // the member's kept list (decision 0137)
  await getPubSub(ctx).publish(unreadChannel(userId), count === undefined ? {} : { count });
}

async function actorName(ctx: AppContext, input: NotifyInput): Promise<string | null> {
  if (input.actorId === null || input.anonymousActor) return null;
  return (await findUserById(ctx.db, input.actorId))?.username ?? null;
}

/**
 * Raises a notice for a member: stored for the in-app list (grouped per the policy), the live
 * count pushed to their open streams, and a web push sent when they allow it. Nobody is told
 * about their own actions, nor by a member blocked either way or muted, nor about a muted thread
 * or forum.
 */
export async function notify(ctx: AppContext, input: NotifyInput): Promise<NotifyOutcome> {
  if (input.actorId !== null && input.actorId === input.recipientId) return "self";
  // A block either way, a muted member, thread or forum (docs/decisions/0092, 0093).
  if (await notificationSilenced(ctx, input)) return "silenced";
  const prefs =
    input.type === "generic"
      ? { inApp: true, email: false, push: true }
      : (await keptNotificationPreferences(ctx, input.recipientId))[input.type as PreferenceType];
  const phrase = input.phrase.slice(0, MESSAGE_MAX);
  let outcome: NotifyOutcome = "muted";
  let isNews = true;
  if (prefs.inApp) {
    const stored = await storeNotification(ctx.db, {
      userId: input.recipientId,
      type: input.type,
      message: phrase,
      url: input.url,
      actorId: input.actorId,
      showActor: !input.anonymousActor,
      groupKey: input.groupKey ?? null,
      policy: input.policy ?? (input.groupKey ? "group" : "none"),
      createdAt: ctx.now(),
    });
    if (!stored) return "skipped";
    outcome = stored.inserted ? "stored" : "merged";
    // A burst on one item is one push: later events merge silently into the unread notice.
    isNews = stored.inserted;
    await publishUnread(ctx, input.recipientId);
  }
  if (prefs.push && isNews) {
    sendPush(ctx, input.recipientId, async () => ({
      title: PRODUCT_NAME,
      body: notificationText(input.type, phrase, await actorName(ctx, input), 1),
      url: input.url ?? "/",
    }));
  }
  return outcome;
}

export function createNotificationService(ctx: AppContext, unread: UnreadCache = unreadCacheOf(ctx)) {
  return {
    async list(user: SessionUser, page: NotificationListQuery) {
      const rows =
        page.filter === "unread"
          ? await listUnreadNotifications(ctx.db, user.id, page)
          : await listNotifications(ctx.db, user.id, page);
      return rows.map(presentNotification);
    },

    async unreadCount(user: SessionUser) {
      const load = () => countUnread(ctx.db, user.id);
      return { count: await unread.get(user.id, load) };
    },

    async markRead(user: SessionUser, id: number) {
      // The owner is in the WHERE clause: another member's notice is "not found".
      if (!(await markRead(ctx.db, user.id, id))) throw notFound(NOTIFICATION_MESSAGES.notFound);
      const count = await countUnread(ctx.db, user.id);
      await publishUnread(ctx, user.id, count);
      return { count };
    },

    async markAllRead(user: SessionUser) {
      await markAllRead(ctx.db, user.id);
      await publishUnread(ctx, user.id, 0);
      return { count: 0 };
    },
  };
}

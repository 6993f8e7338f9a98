import { NOTIFICATION_TYPES, type Notification, type NotificationType } from "../../../common/notifications";
import type { NotificationListRow } from "./queries";

const asType = (t: string): NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(t) ? (t as NotificationType) : "generic";

/**
 * The text a member reads. Stored messages of actor kinds are the action phrase ("liked your
 * post"); the actor's current name and the group size are added here, so a renamed member
 * shows under their new name. Anonymous or unknown actors read "Someone".
 */
export function notificationText(
  type: NotificationType,
  phrase: string,
  actorName: string | null,
  actorCount: number,
): string {
  // Notices from the site itself (a model request's outcome) are their whole text.
  if (type === "generic" || type === "model_request") return phrase;
  const who = actorName ?? "Someone";
  const others = Math.max(0, actorCount - 1);
  const group = others === 0 ? who : `${who} and ${others} other${others === 1 ? "" : "s"}`;
  return `${group} ${phrase}`;
}

export function presentNotification(row: NotificationListRow): Notification {
  const type = asType(row.type);
  const relatedUser =
    row.relatedUserId !== null && row.relatedUsername !== null
      ? { id: row.relatedUserId, username: row.relatedUsername, avatar: row.relatedAvatar }
      : null;
  return {
    id: row.id,
    type,
    message: notificationText(type, row.message, relatedUser?.username ?? null, row.actorCount),
    isRead: row.isRead,
    createdAt: row.createdAt,
    url: row.url,
    actorCount: row.actorCount,
    relatedUser,
  };
}

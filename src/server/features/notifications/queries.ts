import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { NotificationType } from "../../../common/notifications";
import { type DbOrTx, queryRows } from "../../db/connect";
import { NO_CURSOR, prepared } from "../../db/prepared";
import { notifications, users } from "../../db/schema";

/** How many recent actors a grouped notification remembers (to count each actor once). */
export const ACTOR_MEMORY = 50;

/**
 * - `once`: one notice per actor and group, ever (likes, follows, mentions): liking, unliking
 *   and liking again does not notify twice. While unread, new actors join the same row.
 * - `group`: every event counts (comments, replies); while unread they merge into one row.
 * - `none`: always a new row (generic notices).
 */
export type GroupPolicy = "once" | "group" | "none";

export interface NotificationInsert {
  userId: number;
  type: NotificationType;
  message: string;
  url: string | null;
  /** Who acted (for de-duplication); never shown when `showActor` is false. */
  actorId: number | null;
  showActor: boolean;
  groupKey: string | null;
  policy: GroupPolicy;
  createdAt: Date;
}

export interface StoreResult {
  id: number;
  /** A new row (true) or merged into an unread one (false). */
  inserted: boolean;
}

/**
 * Inserts the notice, or merges it into the member's unread notice of the same group (one
 * statement: the partial unique index makes concurrent events merge instead of duplicating).
 * A merge takes a fresh id, so the list's "newest first" stays plain id order. Answers null
 * when the policy says this actor was already counted.
 */
export async function storeNotification(db: DbOrTx, n: NotificationInsert): Promise<StoreResult | null> {
  const related = n.showActor ? n.actorId : null;
  const actorArray = n.actorId === null ? sql`'{}'::integer[]` : sql`ARRAY[${n.actorId}]::integer[]`;
  const actorParam = n.actorId === null ? sql`NULL::integer` : sql`${n.actorId}::integer`;
  const groupKey = n.policy === "none" ? null : n.groupKey;
  const skipSeen =
    n.policy === "once" && groupKey !== null && n.actorId !== null
      ? sql`WHERE NOT EXISTS (
          SELECT 1 FROM notifications s
          WHERE s.user_id = ${n.userId} AND s.group_key = ${groupKey} AND ${actorParam} = ANY(s.actor_ids))`
      : sql``;
  const isKnownActor = sql`(${actorParam} IS NOT NULL AND ${actorParam} = ANY(notifications.actor_ids))`;
  const rows = await queryRows<{ id: number; inserted: boolean }>(
    db,
    sql`INSERT INTO notifications
          (user_id, type, message, url, related_user_id, group_key, actor_ids, actor_count, created_at)
        SELECT ${n.userId}, ${n.type}, ${n.message}, ${n.url}, ${related}::integer, ${groupKey}::text,
               ${actorArray}, 1, ${n.createdAt.toISOString()}::timestamptz
        ${skipSeen}
        ON CONFLICT (user_id, group_key) WHERE NOT is_read AND group_key IS NOT NULL
        DO UPDATE SET
          id = nextval(pg_get_serial_sequence('notifications', 'id')),
          message = EXCLUDED.message,
          url = EXCLUDED.url,
          related_user_id = EXCLUDED.related_user_id,
          actor_ids = CASE WHEN ${isKnownActor} OR ${actorParam} IS NULL THEN notifications.actor_ids
                      ELSE (EXCLUDED.actor_ids || notifications.actor_ids)[1:${ACTOR_MEMORY}] END,
          actor_count = notifications.actor_count + CASE WHEN ${isKnownActor} THEN 0 ELSE 1 END,
          created_at = EXCLUDED.created_at
        RETURNING id, (xmax = 0) AS inserted`,
  );
  const row = rows[0];
  return row ? { id: Number(row.id), inserted: Boolean(row.inserted) } : null;
}

const listFields = {
  id: notifications.id,
  type: notifications.type,
  message: notifications.message,
  url: notifications.url,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  actorCount: notifications.actorCount,
  relatedUserId: users.id,
  relatedUsername: users.username,
  relatedAvatar: users.avatar,
};

/** Newest first; `cursor` is the last id seen. */
export function listNotifications(db: DbOrTx, userId: number, opts: { limit: number; cursor?: number }) {
  return listPage(db).execute({ userId, cursor: opts.cursor ?? NO_CURSOR, limit: opts.limit });
}
/** A prepared statement (db/prepared.ts): the bell's list is read by every member. */
const listPage = (db: DbOrTx) =>
  prepared(db, "notifications_page", (db, name) =>
    db
      .select(listFields)
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.relatedUserId))
      .where(
        and(
          eq(notifications.userId, sql.placeholder("userId")),
          lt(notifications.id, sql.placeholder("cursor")),
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );
export type NotificationListRow = Awaited<ReturnType<typeof listNotifications>>[number];

export async function findNotification(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select(listFields)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.relatedUserId))
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row;
}

export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await unreadCount(db).execute({ userId });
  return Number(row?.count ?? 0);
}
/** Polled by every open page of a member: a prepared statement (db/prepared.ts). */
const unreadCount = (db: DbOrTx) =>
  prepared(db, "notifications_unread_count", (db, name) =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder("userId")), sql`NOT ${notifications.isRead}`))
      .prepare(name),
  );

/** Marks one of the member's own notices read; false when it is not theirs or does not exist. */
export async function markRead(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

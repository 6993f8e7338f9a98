import { and, eq, sql } from "drizzle-orm";
import type { NotificationType } from "../../../common/notifications";
import { batched, batchedWrite, intArray, textArray, wordArray } from "../../db/batch";
import type { DbOrTx } from "../../db/connect";
import { isoTime } from "../../db/iso-time";
import { NO_CURSOR, preparedSql } from "../../db/prepared";
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
  const groupKey = n.policy === "none" ? null : n.groupKey;
  const notice: Notice = {
    userId: n.userId,
    type: n.type,
    message: n.message,
    url: n.url,
    related: n.showActor ? n.actorId : null,
    groupKey,
    actor: n.actorId,
    createdAt: n.createdAt.toISOString(),
    // `once`: an actor already counted in this group (read or not) raises nothing.
    skipSeen: n.policy === "once" && groupKey !== null && n.actorId !== null,
  };
  // Grouped notices (every like, comment, reply, follow) raised at the same moment share one
  // statement and its commit (decision 0146); two for the same member and group never do.
  if (groupKey !== null) {
    return batchedWrite(
      db,
      "notifications_upsert",
      upsertNotices,
      (x: Notice) => `${x.userId}:${x.groupKey}`,
    )(notice);
  }
  const row = (await upsertNotice(db).all({ ...notice }))[0];
  return row ? { id: Number(row.id), inserted: Boolean(row.inserted) } : null;
}

interface Notice {
  userId: number;
  type: string;
  message: string;
  url: string | null;
  related: number | null;
  groupKey: string | null;
  actor: number | null;
  createdAt: string;
  skipSeen: boolean;
}

/** A batch of grouped notices, each (member, group) once: answered by (member, group). */
async function upsertNotices(db: DbOrTx, notices: Notice[]): Promise<(StoreResult | null)[]> {
  const rows = await upsertNoticesStatement(db).all({
    users: intArray(notices.map((x) => x.userId)),
    types: textArray(notices.map((x) => x.type)),
    messages: textArray(notices.map((x) => x.message)),
    urls: textArray(notices.map((x) => x.url)),
    related: intArray(notices.map((x) => x.related)),
    groupKeys: textArray(notices.map((x) => x.groupKey)),
    actors: intArray(notices.map((x) => x.actor)),
    createdAt: wordArray(notices.map((x) => x.createdAt)),
    skipSeen: textArray(notices.map((x) => String(x.skipSeen))),
  });
  const byKey = new Map(rows.map((r) => [`${r.user_id}:${r.group_key}`, r]));
  return notices.map((x) => {
    const row = byKey.get(`${x.userId}:${x.groupKey}`);
    return row ? { id: Number(row.id), inserted: Boolean(row.inserted) } : null;
  });
}

/**
 * `notifications_upsert` over a batch: the same insert-or-merge per row, in (member, group)
 * order, so two instances' batches take the unique index's entries in the same order.
 */
const upsertNoticesStatement = (db: DbOrTx) =>
  preparedSql<{ id: number; user_id: number; group_key: string; inserted: boolean }>(
    db,
    "notifications_upsert_many",
    () => {
      const actor = sql`EXCLUDED.actor_ids[1]`;
      const isKnownActor = sql`(${actor} IS NOT NULL AND ${actor} = ANY(notifications.actor_ids))`;
      return sql`INSERT INTO notifications
          (user_id, type, message, url, related_user_id, group_key, actor_ids, actor_count, created_at)
        SELECT v.user_id, v.type, v.message, v.url, v.related, v.group_key,
               CASE WHEN v.actor IS NULL THEN '{}'::integer[] ELSE ARRAY[v.actor] END, 1, v.created_at
        FROM unnest(${sql.placeholder("users")}::int[], ${sql.placeholder("types")}::text[],
                    ${sql.placeholder("messages")}::text[], ${sql.placeholder("urls")}::text[],
                    ${sql.placeholder("related")}::int[], ${sql.placeholder("groupKeys")}::text[],
                    ${sql.placeholder("actors")}::int[], ${sql.placeholder("createdAt")}::timestamptz[],
                    ${sql.placeholder("skipSeen")}::boolean[])
             AS v(user_id, type, message, url, related, group_key, actor, created_at, skip_seen)
        WHERE NOT (v.skip_seen AND EXISTS (
          SELECT 1 FROM notifications s
          WHERE s.user_id = v.user_id AND s.group_key = v.group_key AND v.actor = ANY(s.actor_ids)))
        ORDER BY v.user_id, v.group_key
        ON CONFLICT (user_id, group_key) WHERE NOT is_read AND group_key IS NOT NULL
        DO UPDATE SET
          id = nextval(pg_get_serial_sequence('notifications', 'id')),
          message = EXCLUDED.message,
          url = EXCLUDED.url,
          related_user_id = EXCLUDED.related_user_id,
          actor_ids = CASE WHEN ${isKnownActor} OR ${actor} IS NULL THEN notifications.actor_ids
                      ELSE (EXCLUDED.actor_ids || notifications.actor_ids)[1:${ACTOR_MEMORY}] END,
          actor_count = notifications.actor_count + CASE WHEN ${isKnownActor} THEN 0 ELSE 1 END,
          created_at = EXCLUDED.created_at
        RETURNING id, user_id, group_key, (xmax = 0) AS inserted`;
    },
  );

/** One statement text for every policy (prepared: raised on every like, comment and follow). */
const upsertNotice = (db: DbOrTx) =>
  preparedSql<{ id: number; inserted: boolean }>(db, "notifications_upsert", () => {
    const actor = sql`${sql.placeholder("actor")}::integer`;
    const groupKey = sql`${sql.placeholder("groupKey")}::text`;
    const userId = sql`${sql.placeholder("userId")}::integer`;
    const isKnownActor = sql`(${actor} IS NOT NULL AND ${actor} = ANY(notifications.actor_ids))`;
    return sql`INSERT INTO notifications
          (user_id, type, message, url, related_user_id, group_key, actor_ids, actor_count, created_at)
        SELECT ${userId}, ${sql.placeholder("type")}::text, ${sql.placeholder("message")}::text,
               ${sql.placeholder("url")}::text, ${sql.placeholder("related")}::integer, ${groupKey},
               CASE WHEN ${actor} IS NULL THEN '{}'::integer[] ELSE ARRAY[${actor}] END, 1,
               ${sql.placeholder("createdAt")}::timestamptz
        WHERE NOT (${sql.placeholder("skipSeen")}::boolean AND EXISTS (
          SELECT 1 FROM notifications s
          WHERE s.user_id = ${userId} AND s.group_key = ${groupKey} AND ${actor} = ANY(s.actor_ids)))
        ON CONFLICT (user_id, group_key) WHERE NOT is_read AND group_key IS NOT NULL
        DO UPDATE SET
          id = nextval(pg_get_serial_sequence('notifications', 'id')),
          message = EXCLUDED.message,
          url = EXCLUDED.url,
          related_user_id = EXCLUDED.related_user_id,
          actor_ids = CASE WHEN ${isKnownActor} OR ${actor} IS NULL THEN notifications.actor_ids
                      ELSE (EXCLUDED.actor_ids || notifications.actor_ids)[1:${ACTOR_MEMORY}] END,
          actor_count = notifications.actor_count + CASE WHEN ${isKnownActor} THEN 0 ELSE 1 END,
          created_at = EXCLUDED.created_at
        RETURNING id, (xmax = 0) AS inserted`;
  });

export interface NotificationListRow {
  id: number;
  type: string;
  message: string;
  url: string | null;
  isRead: boolean;
  /** ISO text as JavaScript's `toISOString` writes it, made by PostgreSQL (decision 0127). */
  createdAt: string;
  actorCount: number;
  relatedUserId: number | null;
  relatedUsername: string | null;
  relatedAvatar: string | null;
}

export const NOTIFICATION_PAGES_PER_STATEMENT = 16;

/**
 * Newest first; `cursor` is the last id seen. The bell's list is read by every member, so
 * concurrent reads share one statement (db/batch.ts): each member's page is a keyset scan of
 * `notifications_user_page_idx` in a LATERAL join over the batch (index-only: migration 0012).
 */
export function listNotifications(
  db: DbOrTx,
  userId: number,
  opts: { limit: number; cursor?: number },
): Promise<NotificationListRow[]> {
  const page = { userId, below: opts.cursor ?? NO_CURSOR, limit: opts.limit };
  // At most 16 pages a statement: one statement runs in one PostgreSQL process, so larger
  // batches left the second core idle (64: 5,800–6,600 req/s; 16: 6,200–7,700, same runs).
  return batched(db, "notifications_pages", pagesForMany, NOTIFICATION_PAGES_PER_STATEMENT)(page);
}

interface PageRow {
  i: number;
  id: number;
  type: string;
  message: string;
  url: string | null;
  is_read: boolean;
  created_at: string;
  actor_count: number;
  related_user_id: number | null;
  related_username: string | null;
  related_avatar: string | null;
}

const pagesOf = (db: DbOrTx) =>
  preparedSql<PageRow>(
    db,
    "notifications_pages_of",
    () => sql`SELECT q.i::int AS i, n.id, n.type, n.message, n.url, n.is_read,
               ${isoTime("n.created_at")} AS created_at, n.actor_count,
               u.id AS related_user_id, u.username AS related_username, u.avatar AS related_avatar
        FROM unnest(${sql.placeholder("users")}::int[], ${sql.placeholder("below")}::int[],
                    ${sql.placeholder("limits")}::int[]) WITH ORDINALITY AS q(user_id, below, lim, i)
        CROSS JOIN LATERAL (
          SELECT id, type, message, url, is_read, created_at, actor_count, related_user_id
          FROM ${notifications}
          WHERE user_id = q.user_id AND id < q.below
          ORDER BY id DESC
          LIMIT q.lim
        ) n
        LEFT JOIN ${users} u ON u.id = n.related_user_id
        ORDER BY q.i, n.id DESC`,
  );

async function pagesForMany(
  db: DbOrTx,
  pages: Array<{ userId: number; below: number; limit: number }>,
): Promise<NotificationListRow[][]> {
  const rows = await pagesOf(db).all({
    users: intArray(pages.map((p) => p.userId)),
    below: intArray(pages.map((p) => p.below)),
    limits: intArray(pages.map((p) => p.limit)),
  });
  const result = pages.map((): NotificationListRow[] => []);
  for (const r of rows) result[r.i - 1]!.push(listRow(r));
  return result;
}

const listRow = (r: Omit<PageRow, "i">): NotificationListRow => ({
  id: r.id,
  type: r.type,
  message: r.message,
  url: r.url,
  isRead: r.is_read,
  createdAt: r.created_at,
  actorCount: r.actor_count,
  relatedUserId: r.related_user_id,
  relatedUsername: r.related_username,
  relatedAvatar: r.related_avatar,
});

/**
 * A page of the member's unread notices only, newest first (the notifications page's Unread
 * filter, decision 0143): a keyset walk of notifications_unread_page_idx (migration 0038).
 */
export async function listUnreadNotifications(
  db: DbOrTx,
  userId: number,
  opts: { limit: number; cursor?: number },
): Promise<NotificationListRow[]> {
  const rows = await unreadPageOf(db).all({
    user: userId,
    below: opts.cursor ?? NO_CURSOR,
    limit: opts.limit,
  });
  return rows.map(listRow);
}

const unreadPageOf = (db: DbOrTx) =>
  preparedSql<Omit<PageRow, "i">>(
    db,
    "notifications_unread_page",
    () => sql`SELECT n.id, n.type, n.message, n.url, n.is_read, ${isoTime("n.created_at")} AS created_at,
               n.actor_count, u.id AS related_user_id, u.username AS related_username, u.avatar AS related_avatar
        FROM ${notifications} n LEFT JOIN ${users} u ON u.id = n.related_user_id
        WHERE n.user_id = ${sql.placeholder("user")}::int AND NOT n.is_read AND n.id < ${sql.placeholder("below")}::int
        ORDER BY n.id DESC
        LIMIT ${sql.placeholder("limit")}::int`,
  );

/** Polled by every open page of a member: concurrent counts share one statement (db/batch.ts). */
export function countUnread(db: DbOrTx, userId: number): Promise<number> {
  return batched(db, "notifications_unread", unreadForMany)(userId);
}

async function unreadForMany(db: DbOrTx, userIds: number[]): Promise<number[]> {
  const rows = await unreadOf(db).all({ users: intArray(userIds) });
  const counts = userIds.map(() => 0);
  for (const r of rows) counts[r.i - 1] = r.count;
  return counts;
}

const unreadOf = (db: DbOrTx) =>
  preparedSql<{ i: number; count: number }>(
    db,
    "notifications_unread_of",
    () => sql`SELECT q.i::int AS i,
               (SELECT count(*)::int FROM ${notifications} n WHERE n.user_id = q.user_id AND NOT n.is_read) AS count
        FROM unnest(${sql.placeholder("users")}::int[]) WITH ORDINALITY AS q(user_id, i)`,
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

import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { blocks, mutes } from "../../db/schema";

/** Adds the block; answers whether it is new. */
export async function insertBlock(
  db: DbOrTx,
  blockerId: number,
  blockedId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(blocks)
    .values({ blockerId, blockedId, createdAt: at })
    .onConflictDoNothing()
    .returning({ blockerId: blocks.blockerId });
  return rows.length > 0;
}

/** Removes the member's own block (the blocker is in the WHERE clause: nobody else can undo it). */
export async function deleteBlock(db: DbOrTx, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockerId: blocks.blockerId });
  return rows.length > 0;
}

/** Each member's notices named after the other go (notifications_related_user_idx). */
export async function deleteNoticesBetween(db: DbOrTx, a: number, b: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM notifications
        WHERE (related_user_id = ${b} AND user_id = ${a}) OR (related_user_id = ${a} AND user_id = ${b})`,
  );
}

export async function countBlocks(db: DbOrTx, blockerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blocks)
    .where(eq(blocks.blockerId, blockerId));
  return row?.n ?? 0;
}

export async function countMutes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mutes)
    .where(eq(mutes.userId, userId));
  return row?.n ?? 0;
}

export async function insertMute(db: DbOrTx, userId: number, kind: string, target: string, at: Date) {
  const rows = await db
    .insert(mutes)
    .values({ userId, kind, target, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: mutes.userId });
  return rows.length > 0;
}

export async function deleteMute(db: DbOrTx, userId: number, kind: string, target: string) {
  const rows = await db
    .delete(mutes)
    .where(and(eq(mutes.userId, userId), eq(mutes.kind, kind), eq(mutes.target, target)))
    .returning({ userId: mutes.userId });
  return rows.length > 0;
}

export interface BlockedRow {
  id: number;
  username: string;
  avatar: string | null;
  generation: string;
  created_at: Date | string;
}

/** The members this member blocked, newest first (primary-key range). */
export function listBlocked(db: DbOrTx, blockerId: number): Promise<BlockedRow[]> {
  return queryRows<BlockedRow>(
    db,
    sql`SELECT u.id, u.username, u.avatar, u.generation, b.created_at
        FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = ${blockerId}
        ORDER BY b.created_at DESC, b.blocked_id DESC`,
  );
}

export interface MuteRow {
  kind: string;
  target: string;
  created_at: Date | string;
  label: string | null;
  forum_id: number | null;
}

/**
 * The member's mutes, newest first, each with its name (a muted member's, thread's or forum's
 * that is gone has none, and is left out of the list).
 */
export function listMutes(db: DbOrTx, userId: number): Promise<MuteRow[]> {
  return queryRows<MuteRow>(
    db,
    sql`SELECT m.kind, m.target, m.created_at,
               CASE m.kind
                 WHEN 'member' THEN (SELECT username FROM users WHERE id = m.target::int)
                 WHEN 'thread' THEN (SELECT title FROM forum_threads WHERE id = m.target::int)
                 WHEN 'forum' THEN (SELECT name FROM forums WHERE id = m.target::int)
                 ELSE '#' || m.target END AS label,
               CASE WHEN m.kind = 'thread' THEN (SELECT forum_id FROM forum_threads WHERE id = m.target::int) END AS forum_id
        FROM mutes m
        WHERE m.user_id = ${userId}
        ORDER BY m.created_at DESC, m.kind, m.target`,
  );
}

/** Does the muted member, thread or forum exist? */
export async function targetExists(
  db: DbOrTx,
  kind: "member" | "thread" | "forum",
  id: number,
): Promise<boolean> {
  const table = kind === "member" ? sql`users` : kind === "thread" ? sql`forum_threads` : sql`forums`;
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM ${table} WHERE id = ${id} LIMIT 1`,
  );
  return rows.length > 0;
}

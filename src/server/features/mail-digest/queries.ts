import { eq, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { queryRows } from "../../db/connect";
import { type MailDigestItemRow, mailDigestItems, mailDigestState, users } from "../../db/schema";
import type { DigestKind } from "../../platform/mail-templates";

export async function insertDigestItems(
  db: DbOrTx,
  rows: {
    userId: number;
    kind: DigestKind;
    actorId: number | null;
    url: string;
    excerpt: string;
    createdAt: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(mailDigestItems).values(rows);
}

/**
 * Members with pending items who may get a digest now: nothing sent in the last `sentBefore`
 * window and the oldest item has waited at least until `oldestBefore` (so bursts are batched).
 */
export async function findDueMembers(
  db: DbOrTx,
  sentBefore: Date,
  oldestBefore: Date,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`SELECT i.user_id
        FROM mail_digest_items i
        LEFT JOIN mail_digest_state s ON s.user_id = i.user_id
        WHERE s.last_sent_at IS NULL OR s.last_sent_at <= ${sentBefore.toISOString()}::timestamptz
        GROUP BY i.user_id
        HAVING min(i.created_at) <= ${oldestBefore.toISOString()}::timestamptz
        ORDER BY min(i.created_at)
        LIMIT ${limit}`,
  );
  return rows.map((r) => Number(r.user_id));
}

/**
 * Claims the member's hourly slot: records `now` as the last digest unless one was sent after
 * `sentBefore` (another instance got there first). True when this caller owns the slot.
 */
export async function claimDigestSlot(
  db: DbOrTx,
  userId: number,
  now: Date,
  sentBefore: Date,
): Promise<boolean> {
  const rows = await db
    .insert(mailDigestState)
    .values({ userId, lastSentAt: now })
    .onConflictDoUpdate({
      target: mailDigestState.userId,
      set: { lastSentAt: now },
      setWhere: lte(mailDigestState.lastSentAt, sentBefore),
    })
    .returning({ userId: mailDigestState.userId });
  return rows.length > 0;
}

/** Takes (deletes and returns) every pending item of the member, oldest first. */
export async function takeItems(db: DbOrTx, userId: number): Promise<MailDigestItemRow[]> {
  const rows = await db.delete(mailDigestItems).where(eq(mailDigestItems.userId, userId)).returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function findRecipient(
  db: DbOrTx,
  userId: number,
): Promise<{ email: string; username: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function usernamesById(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

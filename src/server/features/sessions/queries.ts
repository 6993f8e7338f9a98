import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { knownBrowsers, securityPreferences, sessions } from "../../db/schema";

/** One page of a member's live sessions, newest first (keyset on id; sessions_user_idx). */
export function listSessionRows(db: DbOrTx, userId: number, now: Date, limit: number, cursor?: number) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        sql`${sessions.expiresAt} > ${now}`,
        cursor ? lt(sessions.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(sessions.id))
    .limit(limit + 1);
}

/** Ends one session of this member (owner in the WHERE clause), never the one asking. */
export async function deleteOwnSession(
  db: DbOrTx,
  userId: number,
  id: number,
  keepTokenHash: string,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      and(eq(sessions.id, id), eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepTokenHash}`),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function deleteOtherSessions(
  db: DbOrTx,
  userId: number,
  keepTokenHash: string,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepTokenHash}`))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Whether this member has the session with this id (to tell "this device" from "not found"). */
export async function isOwnSession(db: DbOrTx, userId: number, id: number, tokenHash: string) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)));
  return rows.length > 0;
}

export async function newBrowserEmailOn(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: securityPreferences.newBrowserEmail })
    .from(securityPreferences)
    .where(eq(securityPreferences.userId, userId));
  return row?.on ?? true;
}

export async function setNewBrowserEmail(db: DbOrTx, userId: number, on: boolean, now: Date) {
  await db
    .insert(securityPreferences)
    .values({ userId, newBrowserEmail: on, updatedAt: now })
    .onConflictDoUpdate({ target: securityPreferences.userId, set: { newBrowserEmail: on, updatedAt: now } });
}

/**
 * Remembers a browser for a member. Answers whether it was new, and whether the member had
 * signed in from any browser before (a first record is never "new": accounts older than it).
 */
export async function rememberBrowserRow(db: DbOrTx, userId: number, key: string, now: Date) {
  const inserted = await db
    .insert(knownBrowsers)
    .values({ userId, browser: key, firstSeenAt: now })
    .onConflictDoNothing()
    .returning({ browser: knownBrowsers.browser });
  if (inserted.length === 0) return { isNew: false, hadOthers: true };
  const others = await db
    .select({ browser: knownBrowsers.browser })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.userId, userId), sql`${knownBrowsers.browser} <> ${key}`))
    .limit(1);
  return { isNew: true, hadOthers: others.length > 0 };
}

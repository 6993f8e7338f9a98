import { and, asc, count, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { type PasskeyChallengeRow, type PasskeyRow, passkeyChallenges, passkeys } from "../../db/schema";

/** A member's passkeys, oldest first (passkeys_user_idx; at most PASSKEYS_MAX rows). */
export function listPasskeysOf(db: DbOrTx, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function countPasskeysOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** One of the member's passkeys (the owner in the WHERE clause). */
export async function findOwnPasskey(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .limit(1);
  return row;
}

/** By credential id (passkeys_credential_idx): the sign-in lookup. */
export async function findByCredentialId(db: DbOrTx, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function insertPasskey(db: DbOrTx, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row!;
}

export async function renameOwnPasskey(
  db: DbOrTx,
  userId: number,
  id: number,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deleteOwnPasskey(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Records a use: the new counter and the time, only if the stored counter is still the one the
 * assertion was checked against (of two concurrent uses of one assertion, one wins).
 */
export async function recordUse(
  db: DbOrTx,
  id: number,
  expectedCounter: number,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, expectedCounter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function insertChallenge(db: DbOrTx, values: PasskeyChallengeRow): Promise<void> {
  await db.insert(passkeyChallenges).values(values);
}

/** Takes a ceremony's challenge once: it is deleted whether or not the answer then verifies. */
export async function takeChallenge(db: DbOrTx, tokenHash: string): Promise<PasskeyChallengeRow | undefined> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.tokenHash, tokenHash))
    .returning();
  return row;
}

/** Housekeeping when a ceremony starts: challenges past their expiry (passkey_challenges_expires_idx). */
export async function deleteExpiredChallenges(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
}

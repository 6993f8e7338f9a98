import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { pendingSignIns, recoveryCodes, twoFactor } from "../../db/schema";

export async function findTwoFactor(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** A new (unconfirmed) secret replaces an unconfirmed one; never a confirmed one. */
export async function saveUnconfirmedSecret(db: DbOrTx, userId: number, secretEnc: string, now: Date) {
  const rows = await db
    .insert(twoFactor)
    .values({ userId, secretEnc, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEnc, createdAt: now, lastStep: null },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/**
 * Takes a time step for this member if it is later than the last one taken: the one statement
 * that makes a code single-use even when two requests race with it.
 */
export async function takeStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        sql`(${twoFactor.lastStep} IS NULL OR ${twoFactor.lastStep} < ${step})`,
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function markEnabled(db: DbOrTx, userId: number, now: Date) {
  const rows = await db
    .update(twoFactor)
    .set({ enabledAt: now })
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: DbOrTx, userId: number) {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: true when it was this member's and unused. */
export async function spendRecoveryCode(db: DbOrTx, userId: number, codeHash: string, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertPendingSignIn(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  now: Date,
  ttlMs: number,
) {
  // Expired ones of this member go as a new one comes (pending_sign_ins_user_idx).
  await db
    .delete(pendingSignIns)
    .where(and(eq(pendingSignIns.userId, userId), sql`${pendingSignIns.expiresAt} <= ${now}`));
  await db
    .insert(pendingSignIns)
    .values({ tokenHash, userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
}

/** A live, unused pending sign-in. */
export async function findPendingSignIn(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: pendingSignIns.userId })
    .from(pendingSignIns)
    .where(
      and(
        eq(pendingSignIns.tokenHash, tokenHash),
        isNull(pendingSignIns.usedAt),
        gt(pendingSignIns.expiresAt, now),
      ),
    );
  return row;
}

/** Uses a pending sign-in once (two requests racing with it: one wins). */
export async function spendPendingSignIn(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .update(pendingSignIns)
    .set({ usedAt: now })
    .where(
      and(
        eq(pendingSignIns.tokenHash, tokenHash),
        isNull(pendingSignIns.usedAt),
        gt(pendingSignIns.expiresAt, now),
      ),
    )
    .returning({ userId: pendingSignIns.userId });
  return rows[0];
}

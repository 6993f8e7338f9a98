import { and, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { passwordResetTokens, users } from "../../db/schema";

/** Locks the member's row so two simultaneous requests cannot leave two live tokens. */
export async function lockUser(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

export async function deleteTokensOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function insertToken(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** A token that exists and has not expired (does not consume it). */
export async function findLiveToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Consumes a live token atomically: of two concurrent uses, only one gets the member id. */
export async function consumeToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

/** Housekeeping: tokens that expired before `before` are useless. */
export async function deleteExpiredTokens(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, before));
}

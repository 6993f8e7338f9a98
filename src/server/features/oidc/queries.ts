import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { oidcFlows, oidcIdentities, oidcPending, users } from "../../db/schema";

/** SQL of the oidc feature: every write names its owner (the member, or the hashed token). */

export async function insertFlow(db: DbOrTx, values: typeof oidcFlows.$inferInsert): Promise<void> {
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, values.createdAt ?? new Date()));
  await db.insert(oidcFlows).values(values);
}

/** Takes the flow (single use: the row is gone after this, whatever the answer). */
export async function takeFlow(db: DbOrTx, cookieHash: string, now: Date) {
  const [row] = await db
    .delete(oidcFlows)
    .where(and(eq(oidcFlows.cookieHash, cookieHash), gt(oidcFlows.expiresAt, now)))
    .returning();
  return row;
}

export async function insertPending(db: DbOrTx, values: typeof oidcPending.$inferInsert): Promise<void> {
  await db.delete(oidcPending).where(lt(oidcPending.expiresAt, values.createdAt ?? new Date()));
  await db.insert(oidcPending).values(values);
}

export async function findPending(db: DbOrTx, tokenHash: string, kind: "signup" | "link", now: Date) {
  const [row] = await db
    .select()
    .from(oidcPending)
    .where(
      and(eq(oidcPending.tokenHash, tokenHash), eq(oidcPending.kind, kind), gt(oidcPending.expiresAt, now)),
    )
    .limit(1);
  return row;
}

/** Consumes the pending record; false when another request took it first. */
export async function takePending(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(oidcPending)
    .where(eq(oidcPending.tokenHash, tokenHash))
    .returning({ tokenHash: oidcPending.tokenHash });
  return rows.length === 1;
}

export async function findIdentity(db: DbOrTx, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
    .limit(1);
  return row;
}

export async function insertIdentity(
  db: DbOrTx,
  values: { userId: number; issuer: string; subject: string; email: string; now: Date },
): Promise<void> {
  await db.insert(oidcIdentities).values({
    userId: values.userId,
    issuer: values.issuer,
    subject: values.subject,
    email: values.email,
    createdAt: values.now,
    lastUsedAt: values.now,
  });
}

export async function touchIdentity(db: DbOrTx, id: number, email: string, now: Date): Promise<void> {
  await db.update(oidcIdentities).set({ lastUsedAt: now, email }).where(eq(oidcIdentities.id, id));
}

/** A member's linked identities, oldest first (a member has a handful at most). */
export async function identitiesOf(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId))
    .orderBy(asc(oidcIdentities.id))
    .limit(100);
}

/** Whether the member has a password (accounts made through a provider have none until they set one). */
export async function hasPassword(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ has: sql<boolean>`${users.passwordHash} <> ''` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.has);
}

/** Locks the member's row for the rest of the transaction (two unlinks cannot both pass the check). */
export async function lockUser(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function deleteIdentity(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(oidcIdentities)
    .where(and(eq(oidcIdentities.id, id), eq(oidcIdentities.userId, userId)))
    .returning({ id: oidcIdentities.id });
  return rows.length === 1;
}

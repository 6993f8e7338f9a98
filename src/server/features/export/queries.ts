import { and, desc, eq, lte, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { dataExports } from "../../db/schema";

export type DataExportRow = typeof dataExports.$inferSelect;

/** The member's newest export request (data_exports_user_idx). */
export async function findLatestExport(db: DbOrTx, userId: number): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

/** One export of this member: the owner is in the WHERE clause, so another's id is "not found". */
export async function findOwnExport(db: DbOrTx, userId: number, id: number): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The newest export requested since `since` that was not a failure (the one-a-day rule). */
export async function findCountedExportSince(
  db: DbOrTx,
  userId: number,
  since: Date,
): Promise<DataExportRow | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM data_exports
        WHERE user_id = ${userId} AND status <> 'failed' AND requested_at > ${since.toISOString()}
        ORDER BY id DESC LIMIT 1`,
  );
  return row ? findOwnExport(db, userId, Number(row.id)) : null;
}

/**
 * Stores a pending request; null when one is already pending (the partial unique index
 * data_exports_pending_idx settles two concurrent requests).
 */
export async function insertPendingExport(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<DataExportRow | null> {
  const [row] = await db
    .insert(dataExports)
    .values({ userId, status: "pending", requestedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findExportById(db: DbOrTx, id: number): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row ?? null;
}

/** Marks a pending export ready; false when it is no longer pending (already built, member gone). */
export async function markExportReady(
  db: DbOrTx,
  id: number,
  input: { fileName: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: "ready", ...input })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, "pending")))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function markExportFailed(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: "failed" })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, "pending")));
}

/** Ready exports whose 7 days are over (data_exports_expiry_idx), oldest first. */
export async function findExpiredExports(db: DbOrTx, now: Date, limit: number): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, "ready"), lte(dataExports.expiresAt, now)))
    .orderBy(dataExports.expiresAt)
    .limit(limit);
}

export async function markExportExpired(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: "expired", fileName: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, "ready")));
}

/** The files of every export of a member (removed with their account). */
export async function exportFilesOf(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ fileName: dataExports.fileName })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  return rows.flatMap((r) => (r.fileName ? [r.fileName] : []));
}

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ReportTargetType } from "../../../common/reports";
import { type DbOrTx, queryRows } from "../../db/connect";
import { reports, users } from "../../db/schema";

export async function insertReport(
  db: DbOrTx,
  values: {
    reporterId: number;
    targetType: ReportTargetType;
    targetId: number;
    targetAuthorId: number;
    reason: string;
    details: string;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row!.id;
}

export async function hasOpenReport(
  db: DbOrTx,
  reporterId: number,
  targetType: ReportTargetType,
  targetId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, targetType),
        eq(reports.targetId, targetId),
        eq(reports.status, "open"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Different members with an open report on the item (one open report per member: a count). */
export async function countOpenReporters(
  db: DbOrTx,
  targetType: ReportTargetType,
  targetId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${reports.reporterId})::int` })
    .from(reports)
    .where(
      and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, "open")),
    );
  return row?.n ?? 0;
}

export interface OpenGroup {
  target_type: ReportTargetType;
  target_id: number;
  latest_id: number;
  last_at: Date | string;
  report_count: number;
  target_author_id: number | null;
}

/** Items with open reports, the most recently reported first; `cursor` is a group's latest report id. */
export function listOpenGroups(db: DbOrTx, opts: { limit: number; cursor?: number }): Promise<OpenGroup[]> {
  return queryRows<OpenGroup>(
    db,
    sql`SELECT target_type, target_id, max(id)::int AS latest_id, max(created_at) AS last_at,
               count(*)::int AS report_count, max(target_author_id)::int AS target_author_id
          FROM reports
         WHERE status = 'open'
         GROUP BY target_type, target_id
        ${opts.cursor ? sql`HAVING max(id) < ${opts.cursor}` : sql``}
         ORDER BY max(id) DESC
         LIMIT ${opts.limit}`,
  );
}

/** The open reports of the given items (oldest first), with the reporter's name. */
export function listOpenReportsOf(db: DbOrTx, keys: { type: ReportTargetType; id: number }[]) {
  if (keys.length === 0) return Promise.resolve([]);
  const ids = [...new Set(keys.map((k) => k.id))];
  const types = [...new Set(keys.map((k) => k.type))];
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporter: users.username,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(eq(reports.status, "open"), inArray(reports.targetType, types), inArray(reports.targetId, ids)),
    )
    .orderBy(asc(reports.id));
}

/** Closes the item's open reports; answers how many were open. */
export async function closeReports(
  db: DbOrTx,
  targetType: ReportTargetType,
  targetId: number,
  values: { status: "dismissed" | "resolved"; resolution: string; resolvedBy: number; resolvedAt: Date },
): Promise<number> {
  const rows = await db
    .update(reports)
    .set(values)
    .where(
      and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, "open")),
    )
    .returning({ id: reports.id });
  return rows.length;
}

export async function findUsername(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id)).limit(1);
  return row?.username;
}

/** The author recorded with the item's open reports (when the item itself is gone). */
export async function openReportsAuthor(
  db: DbOrTx,
  targetType: ReportTargetType,
  targetId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ authorId: reports.targetAuthorId })
    .from(reports)
    .where(
      and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, "open")),
    )
    .limit(1);
  return row?.authorId ?? null;
}

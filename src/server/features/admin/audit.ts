import { desc, lt } from "drizzle-orm";
import type { AuditEntry } from "../../../common/admin";
import type { DbOrTx } from "../../db/connect";
import { type AuditLogRow, adminAuditLog } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";

/**
 * The audit log: every admin action is written here (who, what, when, why), in the same
 * transaction as the action itself, so an action without its entry cannot exist.
 */
export interface AuditInput {
  /** A stable code, e.g. "user.ban", "settings.update", "report.dismiss". */
  action: string;
  /** What happened, in words ("Banned alice"). */
  summary: string;
  targetType?: string | null;
  targetId?: number | null;
  /** Why, as the admin wrote it (may be empty). */
  reason?: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(
  ctx: AppContext,
  db: DbOrTx,
  admin: Pick<SessionUser, "id" | "username">,
  input: AuditInput,
): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: admin.id,
    adminUsername: admin.username,
    action: input.action,
    summary: input.summary,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    reason: input.reason ?? "",
    details: input.details ?? {},
    createdAt: ctx.now(),
  });
}

/** Newest first; `cursor` is the last id seen. */
export function listAudit(db: DbOrTx, opts: { limit: number; cursor?: number }): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(adminAuditLog)
    .where(opts.cursor ? lt(adminAuditLog.id, opts.cursor) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(opts.limit);
}

export function presentAudit(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    admin: row.adminUsername,
    action: row.action,
    summary: row.summary,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

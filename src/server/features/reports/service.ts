import { ADMIN_MESSAGES, type ReportGroup, type ReportResolveInput } from "../../../common/admin";
import type { PageQuery } from "../../../common/http";
import {
  AUTO_HIDE_THRESHOLD,
  REPORT_MESSAGES,
  REPORT_TARGET_LABELS,
  type ReportCreateInput,
  type ReportReason,
  type ReportTargetType,
} from "../../../common/reports";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/http";
import { refreshRatingPrior } from "../ai-models/public";
import { recordAudit } from "../admin/public";
import { createMemberActions } from "../admin/public";
import { createModerationService } from "../moderation/public";
import * as q from "./queries";
import { findTarget, removeTarget, setHidden } from "./targets";

const capitalised = (type: ReportTargetType) => {
  const label = REPORT_TARGET_LABELS[type];
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/**
 * Members' reports (DESIGN §5: "User Reports" built for real). Reports from
 * AUTO_HIDE_THRESHOLD different members hide an item pending review, as Discourse does; an admin
 * then dismisses (the item is shown again), removes it, or deals with its author.
 */
export function createReportService(ctx: AppContext) {
  const members = createMemberActions(ctx);
  const moderation = createModerationService(ctx);

  return {
    async create(user: SessionUser, input: ReportCreateInput) {
      const target = await findTarget(ctx.db, input.targetType, input.targetId);
      if (!target) throw notFound(REPORT_MESSAGES.notFound);
      if (target.authorId === user.id) throw badRequest(REPORT_MESSAGES.ownContent);
      if (await q.hasOpenReport(ctx.db, user.id, target.type, target.id)) {
        throw conflict(REPORT_MESSAGES.alreadyReported, "already_reported");
      }
      const now = ctx.now();
      const { id, hidden } = await ctx.db
        .transaction(async (tx) => {
          const id = await q.insertReport(tx, {
            reporterId: user.id,
            targetType: target.type,
            targetId: target.id,
            targetAuthorId: target.authorId,
            reason: input.reason,
            details: input.details ?? "",
            createdAt: now,
          });
          const reporters = await q.countOpenReporters(tx, target.type, target.id);
          const hidden =
            reporters >= AUTO_HIDE_THRESHOLD && (await setHidden(tx, target.type, target.id, now));
          return { id, hidden };
        })
        .catch((err) => {
          if (isUniqueViolation(err, "reports_open_once_idx"))
            throw conflict(REPORT_MESSAGES.alreadyReported, "already_reported");
          throw err;
        });
      // A hidden rating post leaves its model's figures: the site's prior follows (decision 0097).
      if (hidden && target.type === "post") await refreshRatingPrior(ctx.db);
      if (hidden) {
        await moderation.recordAction({
          userId: target.authorId,
          action: `${capitalised(target.type)} hidden pending review`,
          reason: `Reported by ${AUTO_HIDE_THRESHOLD} members`,
          content: target.content,
        });
      }
      return { id, message: REPORT_MESSAGES.sent };
    },

    /** Open reports grouped by item, the most recently reported item first. */
    async openGroups(page: PageQuery): Promise<ReportGroup[]> {
      const groups = await q.listOpenGroups(ctx.db, page);
      const keyOf = (type: string, id: number) => `${type}:${id}`;
      const reportRows = await q.listOpenReportsOf(
        ctx.db,
        groups.map((g) => ({ type: g.target_type, id: g.target_id })),
      );
      const byKey = new Map<string, typeof reportRows>();
      for (const r of reportRows) {
        const key = keyOf(r.targetType, r.targetId);
        byKey.set(key, [...(byKey.get(key) ?? []), r]);
      }
      return Promise.all(
        groups.map(async (g): Promise<ReportGroup> => {
          const target = await findTarget(ctx.db, g.target_type, g.target_id);
          const authorId = target?.authorId ?? g.target_author_id;
          const authorName = authorId ? await q.findUsername(ctx.db, authorId) : undefined;
          const rows = byKey.get(keyOf(g.target_type, g.target_id)) ?? [];
          const counts = new Map<ReportReason, number>();
          for (const r of rows)
            counts.set(r.reason as ReportReason, (counts.get(r.reason as ReportReason) ?? 0) + 1);
          return {
            targetType: g.target_type,
            targetId: g.target_id,
            url: target?.url ?? null,
            content: target?.content ?? "",
            exists: target !== undefined,
            hidden: target?.hidden ?? false,
            author: authorId && authorName ? { id: authorId, username: authorName } : null,
            reportCount: g.report_count,
            reasons: [...counts]
              .map(([reason, count]) => ({ reason, count }))
              .sort((a, b) => b.count - a.count),
            reports: rows.map((r) => ({
              id: r.id,
              reporter: r.reporter,
              reason: r.reason as ReportReason,
              details: r.details,
              createdAt: r.createdAt.toISOString(),
            })),
            latestReportId: g.latest_id,
            lastReportedAt: new Date(g.last_at).toISOString(),
          };
        }),
      );
    },

    /** An admin's decision on a reported item; every one closes its open reports and is audited. */
    async resolve(admin: SessionUser, input: ReportResolveInput): Promise<{ message: string }> {
      const { targetType, targetId } = input;
      const open = await q.countOpenReporters(ctx.db, targetType, targetId);
      if (open === 0) throw notFound(ADMIN_MESSAGES.noOpenReports);
      const target = await findTarget(ctx.db, targetType, targetId);
      const label = `${REPORT_TARGET_LABELS[targetType]} #${targetId}`;
      const now = ctx.now();
      const reason = input.reason ?? "";
      const close = (status: "dismissed" | "resolved") =>
        ({ status, resolution: input.action, resolvedBy: admin.id, resolvedAt: now }) as const;

      switch (input.action) {
        case "dismiss": {
          await ctx.db.transaction(async (tx) => {
            await q.closeReports(tx, targetType, targetId, close("dismissed"));
            if (target) await setHidden(tx, targetType, targetId, null);
            await recordAudit(ctx, tx, admin, {
              action: "report.dismiss",
              summary: `Dismissed ${open} ${open === 1 ? "report" : "reports"} on ${label}`,
              targetType,
              targetId,
              reason,
            });
          });
          if (targetType === "post") await refreshRatingPrior(ctx.db);
          return { message: "Reports dismissed" };
        }
        case "remove": {
          if (targetType === "user") throw badRequest(ADMIN_MESSAGES.removeMember);
          if (target) await removeTarget(ctx, admin, target);
          await ctx.db.transaction(async (tx) => {
            await q.closeReports(tx, targetType, targetId, close("resolved"));
            await recordAudit(ctx, tx, admin, {
              action: "content.remove",
              summary: `Removed ${label}`,
              targetType,
              targetId,
              reason,
              details: { authorId: target?.authorId ?? null, content: target?.content ?? "" },
            });
          });
          return { message: "Content removed" };
        }
        default: {
          // Warn, rate-limit or ban the author: the reports were right, the item stays hidden.
          const authorId = target?.authorId ?? (await q.openReportsAuthor(ctx.db, targetType, targetId));
          if (!authorId) throw notFound(ADMIN_MESSAGES.userNotFound);
          const origin = { targetType, targetId };
          if (input.action === "warn") await members.warn(admin, authorId, input.message, reason, origin);
          else if (input.action === "rate_limit") {
            await members.rateLimit(admin, authorId, input.hours, reason, origin);
          } else await members.ban(admin, authorId, reason, origin);
          await ctx.db.transaction(async (tx) => {
            await q.closeReports(tx, targetType, targetId, close("resolved"));
            if (target) await setHidden(tx, targetType, targetId, now);
          });
          if (targetType === "post") await refreshRatingPrior(ctx.db);
          const done = {
            warn: "Author warned",
            rate_limit: "Author rate-limited",
            ban: "Author banned",
          } as const;
          return { message: done[input.action] };
        }
      }
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;

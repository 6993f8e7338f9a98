import { ADMIN_MESSAGES, type AdminUser, formatUtc } from "../../../common/admin";
import type { UserRow } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest, notFound } from "../../platform/errors";
import { endAllSessions, isAdmin } from "../../platform/session";
import { notify } from "../notifications/public";
import { type AuditInput, recordAudit } from "./audit";
import { countActiveAdmins, findMember, setBanned, setRateLimitedUntil } from "./queries";

const HOUR_MS = 60 * 60 * 1000;

export function presentAdminUser(ctx: AppContext, row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    role: isAdmin(ctx, row) ? "admin" : "member",
    bannedAt: row.bannedAt?.toISOString() ?? null,
    rateLimitedUntil: row.rateLimitedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Where an action came from, for the audit entry ("… (reported post #12)"). */
export interface ActionOrigin {
  targetType: string;
  targetId: number;
}

function audited(input: AuditInput, member: UserRow, origin?: ActionOrigin): AuditInput {
  return {
    ...input,
    summary: origin ? `${input.summary} (reported ${origin.targetType} #${origin.targetId})` : input.summary,
    targetType: "user",
    targetId: member.id,
    details: { ...(input.details ?? {}), ...(origin ? { report: origin } : {}) },
  };
}

/**
 * What an admin can do to a member: ban and unban, limit their posting for a period, warn them.
 * Each change and its audit entry are written in one transaction.
 */
export function createMemberActions(ctx: AppContext) {
  async function requireMember(id: number): Promise<UserRow> {
    const row = await findMember(ctx.db, id);
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    return row;
  }

  return {
    requireMember,

    /** The member cannot sign in any more and every session ends at once. */
    async ban(admin: SessionUser, userId: number, reason: string, origin?: ActionOrigin): Promise<AdminUser> {
      if (userId === admin.id) throw badRequest(ADMIN_MESSAGES.banSelf);
      const member = await requireMember(userId);
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        if (isAdmin(ctx, member) && !member.bannedAt) {
          const admins = await countActiveAdmins(tx, ctx.config.adminEmails);
          if (admins <= 1) throw badRequest(ADMIN_MESSAGES.banLastAdmin);
        }
        await setBanned(tx, member.id, member.bannedAt ?? now);
        await endAllSessions(tx, member.id);
        await recordAudit(
          ctx,
          tx,
          admin,
          audited({ action: "user.ban", summary: `Banned ${member.username}`, reason }, member, origin),
        );
      });
      return presentAdminUser(ctx, { ...member, bannedAt: member.bannedAt ?? now });
    },

    async unban(admin: SessionUser, userId: number, reason = ""): Promise<AdminUser> {
      const member = await requireMember(userId);
      await ctx.db.transaction(async (tx) => {
        await setBanned(tx, member.id, null);
        await recordAudit(
          ctx,
          tx,
          admin,
          audited({ action: "user.unban", summary: `Unbanned ${member.username}`, reason }, member),
        );
      });
      return presentAdminUser(ctx, { ...member, bannedAt: null });
    },

    /** New posts, comments, threads, replies and prompts are refused with 429 until then. */
    async rateLimit(
      admin: SessionUser,
      userId: number,
      hours: number,
      reason: string,
      origin?: ActionOrigin,
    ): Promise<AdminUser> {
      const member = await requireMember(userId);
      const until = new Date(ctx.now().getTime() + hours * HOUR_MS);
      await ctx.db.transaction(async (tx) => {
        await setRateLimitedUntil(tx, member.id, until);
        await recordAudit(
          ctx,
          tx,
          admin,
          audited(
            {
              action: "user.rate_limit",
              summary: `Rate-limited ${member.username} for ${hours} ${hours === 1 ? "hour" : "hours"}`,
              reason,
              details: { hours, until: until.toISOString() },
            },
            member,
            origin,
          ),
        );
      });
      await notify(ctx, {
        recipientId: member.id,
        type: "generic",
        phrase: ADMIN_MESSAGES.rateLimitedUntil(formatUtc(until)),
        url: null,
        actorId: null,
      }).catch((err) => ctx.log.warn({ err }, "could not notify a rate-limited member"));
      return presentAdminUser(ctx, { ...member, rateLimitedUntil: until });
    },

    async liftRateLimit(admin: SessionUser, userId: number, reason = ""): Promise<AdminUser> {
      const member = await requireMember(userId);
      await ctx.db.transaction(async (tx) => {
        await setRateLimitedUntil(tx, member.id, null);
        await recordAudit(
          ctx,
          tx,
          admin,
          audited(
            {
              action: "user.lift_rate_limit",
              summary: `Lifted the rate limit of ${member.username}`,
              reason,
            },
            member,
          ),
        );
      });
      return presentAdminUser(ctx, { ...member, rateLimitedUntil: null });
    },

    /** A notice from the moderators in the member's notifications. */
    async warn(
      admin: SessionUser,
      userId: number,
      message: string,
      reason = "",
      origin?: ActionOrigin,
    ): Promise<AdminUser> {
      const member = await requireMember(userId);
      await ctx.db.transaction(async (tx) => {
        await recordAudit(
          ctx,
          tx,
          admin,
          audited(
            {
              action: "user.warn",
              summary: `Warned ${member.username}`,
              reason: reason || message,
              details: { message },
            },
            member,
            origin,
          ),
        );
      });
      await notify(ctx, {
        recipientId: member.id,
        type: "generic",
        phrase: `Warning from the moderators: ${message}`,
        url: null,
        actorId: null,
      });
      return presentAdminUser(ctx, member);
    },
  };
}

export type MemberActions = ReturnType<typeof createMemberActions>;

import type { ModerationSettingsUpdate } from "../../../common/admin";
import type { PageQuery } from "../../../common/http";
import type { ModerationAction, ModerationSettings } from "../../../common/moderation";
import type { AppContext, SessionUser } from "../../platform/context";
import { getModerationSettings } from "../moderation/public";
import { listAudit, presentAudit, recordAudit } from "./audit";
import { createMemberActions, presentAdminUser } from "./members";
import { type ActionRow, listActions, listMembers, readStats, writeSettings } from "./queries";
import { announceSettingsChanged } from "./settings-sync";

const SETTING_LABELS: Record<keyof ModerationSettings, string> = {
  minLength: "minimum length",
  maxLength: "maximum length",
  profanityFilter: "profanity filter",
  spamDetection: "spam detection",
  postsPerMinute: "posts per minute",
};

function presentAction(row: ActionRow): ModerationAction {
  return {
    id: row.id,
    action: row.action,
    timestamp: row.createdAt.toISOString(),
    user: row.username ?? "Deleted member",
    reason: row.reason,
    content: row.content,
  };
}

const show = (v: unknown) => (typeof v === "boolean" ? (v ? "on" : "off") : String(v));

/** The moderation dashboard's reads and the settings change (SPEC §2.16, §7). */
export function createAdminService(ctx: AppContext) {
  const members = createMemberActions(ctx);

  return {
    members,

    stats: () => readStats(ctx.db, ctx.now()),

    async actions(page: PageQuery): Promise<ModerationAction[]> {
      return (await listActions(ctx.db, page)).map(presentAction);
    },

    settings: () => getModerationSettings(ctx),

    /** Stores the settings, writes the audit entry, and makes every instance apply them at once. */
    async updateSettings(admin: SessionUser, input: ModerationSettingsUpdate): Promise<ModerationSettings> {
      const { reason = "", ...next } = input;
      const before = await getModerationSettings(ctx);
      const changes = (Object.keys(SETTING_LABELS) as (keyof ModerationSettings)[])
        .filter((k) => before[k] !== next[k])
        .map((k) => `${SETTING_LABELS[k]} ${show(before[k])} → ${show(next[k])}`);
      await ctx.db.transaction(async (tx) => {
        await writeSettings(tx, next, ctx.now());
        await recordAudit(ctx, tx, admin, {
          action: "settings.update",
          summary: changes.length
            ? `Changed moderation settings: ${changes.join(", ")}`
            : "Saved moderation settings (no change)",
          targetType: "settings",
          reason,
          details: { before, after: next },
        });
      });
      await announceSettingsChanged(ctx);
      return getModerationSettings(ctx);
    },

    async auditLog(page: PageQuery) {
      return (await listAudit(ctx.db, page)).map(presentAudit);
    },

    async listMembers(query: { limit: number; cursor?: number; filter: "restricted" | "all"; q?: string }) {
      const rows = await listMembers(ctx.db, {
        limit: query.limit,
        cursor: query.cursor,
        restricted: query.filter === "restricted",
        q: query.q || undefined,
        now: ctx.now(),
      });
      return rows.map((r) => presentAdminUser(ctx, r));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

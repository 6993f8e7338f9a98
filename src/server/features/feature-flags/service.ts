import {
  type AdminFeatureFlag,
  environmentFromHost,
  type FeatureFlag,
  type FeatureFlagUpdate,
  FLAG_ENVIRONMENTS,
  FLAG_MESSAGES,
  type FlagEnvironment,
  isFlagActiveFor,
} from "../../../common/feature-flags";
import type { FeatureFlagRow } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { recordAudit } from "../admin/public";
import { type FlagWithEditor, findFlag, listFlags, updateFlag } from "./queries";

function presentFlag(row: FeatureFlagRow): FeatureFlag {
  return {
    key: row.key,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    rolloutPercentage: row.rolloutPercentage,
    // Stored in the canonical order, whatever order an admin sent.
    environments: FLAG_ENVIRONMENTS.filter((e) => row.environments.includes(e)),
  };
}

function presentAdminFlag({ flag, updatedBy }: FlagWithEditor): AdminFeatureFlag {
  return { ...presentFlag(flag), updatedAt: flag.updatedAt.toISOString(), updatedBy };
}

const describe = (f: FeatureFlag) =>
  `${f.enabled ? "on" : "off"}, ${f.rolloutPercentage}%, ${f.environments.join("/") || "no environment"}`;

/** SPEC §9 feature flags: evaluated per caller with the shared rules of common/feature-flags. */
export function createFeatureFlagService(ctx: AppContext) {
  return {
    environmentOf: (host: string | undefined): FlagEnvironment => environmentFromHost(host),

    /** The flags active for this caller in this environment. */
    async activeFor(user: SessionUser | null, host: string | undefined): Promise<FeatureFlag[]> {
      const environment = environmentFromHost(host);
      const rows = await listFlags(ctx.db);
      return rows
        .map((r) => presentFlag(r.flag))
        .filter((f) => isFlagActiveFor(f, { userId: user?.id ?? null, environment }));
    },

    async all(): Promise<AdminFeatureFlag[]> {
      return (await listFlags(ctx.db)).map(presentAdminFlag);
    },

    async update(admin: SessionUser, key: string, input: FeatureFlagUpdate): Promise<AdminFeatureFlag> {
      const before = await findFlag(ctx.db, key);
      if (!before) throw notFound(FLAG_MESSAGES.notFound);
      const { reason = "", ...changes } = input;
      const environments = changes.environments
        ? FLAG_ENVIRONMENTS.filter((e) => changes.environments!.includes(e))
        : undefined;
      await ctx.db.transaction(async (tx) => {
        await updateFlag(tx, key, {
          ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
          ...(changes.rolloutPercentage !== undefined
            ? { rolloutPercentage: changes.rolloutPercentage }
            : {}),
          ...(environments ? { environments } : {}),
          updatedBy: admin.id,
          updatedAt: ctx.now(),
        });
        const after = await findFlag(tx, key);
        await recordAudit(ctx, tx, admin, {
          action: "flag.update",
          summary: `Changed feature flag ${before.name}: ${describe(presentFlag(before))} → ${describe(presentFlag(after!))}`,
          targetType: "feature_flag",
          reason,
          details: { key, before: presentFlag(before), after: presentFlag(after!) },
        });
      });
      const row = (await listFlags(ctx.db)).find((r) => r.flag.key === key);
      if (!row) throw notFound(FLAG_MESSAGES.notFound);
      return presentAdminFlag(row);
    },
  };
}

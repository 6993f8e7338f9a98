import { asc, eq } from "drizzle-orm";
import type { FeatureFlag } from "../../../common/feature-flags";
import type { DbOrTx } from "../../db/connect";
import { type FeatureFlagRow, featureFlags, users } from "../../db/schema";

export function listFlags(db: DbOrTx) {
  return db
    .select({ flag: featureFlags, updatedBy: users.username })
    .from(featureFlags)
    .leftJoin(users, eq(users.id, featureFlags.updatedBy))
    .orderBy(asc(featureFlags.position), asc(featureFlags.key));
}
export type FlagWithEditor = Awaited<ReturnType<typeof listFlags>>[number];

export async function findFlag(db: DbOrTx, key: string): Promise<FeatureFlagRow | undefined> {
  const [row] = await db.select().from(featureFlags).where(eq(featureFlags.key, key)).limit(1);
  return row;
}

export async function updateFlag(
  db: DbOrTx,
  key: string,
  values: Partial<Pick<FeatureFlagRow, "enabled" | "rolloutPercentage" | "environments">> & {
    updatedBy: number;
    updatedAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(featureFlags)
    .set(values)
    .where(eq(featureFlags.key, key))
    .returning({ key: featureFlags.key });
  return rows.length > 0;
}

/** Inserts the flags that do not exist yet; an existing flag (maybe edited by an admin) is kept. */
export async function insertMissingFlags(db: DbOrTx, flags: FeatureFlag[]): Promise<void> {
  await db
    .insert(featureFlags)
    .values(flags.map((f, position) => ({ ...f, environments: [...f.environments], position })))
    .onConflictDoNothing({ target: featureFlags.key });
}

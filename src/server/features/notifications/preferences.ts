import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  PREFERENCE_TYPES,
  type PreferenceType,
} from "../../../common/notifications";
import { batched, intArray } from "../../db/batch";
import type { DbOrTx } from "../../db/connect";
import { prepared } from "../../db/prepared";
import { notificationPreferences } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import { memberCache } from "../../platform/member-cache";

function clone(p: NotificationPreferences): NotificationPreferences {
  return Object.fromEntries(PREFERENCE_TYPES.map((t) => [t, { ...p[t] }])) as NotificationPreferences;
}

const isPreferenceType = (t: string): t is PreferenceType =>
  (PREFERENCE_TYPES as readonly string[]).includes(t);

/**
 * A member's notification choices per kind (follow, like, comment, reply, mention) and channel
 * (inApp, email, push); kinds never chosen have the defaults. The mail digest reads the email
 * channel from here; push and in-app delivery read the others.
 */
export function getNotificationPreferences(db: DbOrTx, userId: number): Promise<NotificationPreferences> {
  // Read on every like, comment and follow: concurrent reads share one statement (db/batch.ts).
  return batched(db, "notification_preferences", preferencesForMany)(userId);
}

/**
 * A member's choices as every notice reads them (a like, a comment, a follow): kept in this
 * instance's memory (platform/member-cache.ts) until a member-changing write here or on another
 * instance — changing them is one — or a minute, so a burst of notices to a member reads them
 * once. Shared: callers never change the answer.
 */
const kept = memberCache((ctx: AppContext, userId: number) => getNotificationPreferences(ctx.db, userId), {
  ttlMs: 60_000,
});

export function keptNotificationPreferences(
  ctx: AppContext,
  userId: number,
): Promise<Readonly<NotificationPreferences>> {
  return kept.get(ctx, userId);
}

/** The notifications feature empties the kept choices on every member-changing write. */
export function registerPreferencesCache(app: FastifyInstance): void {
  kept.register(app);
}

async function preferencesForMany(db: DbOrTx, userIds: number[]): Promise<NotificationPreferences[]> {
  const rows = await preferencesOf(db).execute({ users: intArray(userIds) });
  const byUser = new Map(userIds.map((id) => [id, clone(DEFAULT_NOTIFICATION_PREFERENCES)]));
  for (const row of rows) {
    const prefs = byUser.get(row.userId);
    if (prefs && isPreferenceType(row.type))
      prefs[row.type] = { inApp: row.inApp, email: row.email, push: row.push };
  }
  // A member asked for twice in one batch gets two objects (callers may change theirs).
  return userIds.map((id) => clone(byUser.get(id)!));
}

const preferencesOf = (db: DbOrTx) =>
  prepared(db, "notification_preferences_of", (db, name) =>
    db
      .select()
      .from(notificationPreferences)
      .where(sql`${notificationPreferences.userId} = any(${sql.placeholder("users")}::int[])`)
      .prepare(name),
  );

/** Applies a partial update (only the kinds and channels sent) and answers the full result. */
export async function updateNotificationPreferences(
  db: DbOrTx,
  userId: number,
  update: NotificationPreferencesUpdate,
  now: Date,
): Promise<NotificationPreferences> {
  const current = await getNotificationPreferences(db, userId);
  const rows = [];
  for (const type of PREFERENCE_TYPES) {
    const change = update[type];
    if (!change) continue;
    const next = {
      ...current[type],
      ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)),
    };
    current[type] = next;
    rows.push({ userId, type, inApp: next.inApp, email: next.email, push: next.push, updatedAt: now });
  }
  if (rows.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: {
          inApp: sql`excluded.in_app`,
          email: sql`excluded.email`,
          push: sql`excluded.push`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  return current;
}

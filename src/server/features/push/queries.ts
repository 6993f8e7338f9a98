import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { batched, intArray } from "../../db/batch";
import type { DbOrTx } from "../../db/connect";
import { prepared } from "../../db/prepared";
import { type PushSubscriptionRow, pushSubscriptions } from "../../db/schema";

/** Browsers one member may register at once; the oldest is dropped beyond this. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 20;

/**
 * Saves a browser's subscription for the member. An endpoint another member holds is taken over
 * only by the same browser subscription (its secret keys too: the browser now signed in to
 * another account); an endpoint sent with other keys keeps its owner (issue 25) and this answers
 * false.
 */
export async function upsertSubscription(
  db: DbOrTx,
  values: { userId: number; endpoint: string; p256dh: string; auth: string; createdAt: Date },
): Promise<boolean> {
  const saved = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: sql`excluded.user_id`,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: sql`${pushSubscriptions.userId} = excluded.user_id or (${pushSubscriptions.p256dh} = excluded.p256dh and ${pushSubscriptions.auth} = excluded.auth)`,
    })
    .returning({ id: pushSubscriptions.id });
  if (saved.length === 0) return false;
  const keep = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, values.userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_MEMBER);
  await db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, values.userId),
      notInArray(
        pushSubscriptions.id,
        keep.map((k) => k.id),
      ),
    ),
  );
  return true;
}

export async function deleteSubscription(db: DbOrTx, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSubscriptionById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function listSubscriptions(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
}

/** Asked on every new notice: concurrent counts share one statement (db/batch.ts). */
export function countSubscriptions(db: DbOrTx, userId: number): Promise<number> {
  return batched(db, "push_subscription_counts", subscriptionCounts)(userId);
}

async function subscriptionCounts(db: DbOrTx, userIds: number[]): Promise<number[]> {
  const rows = await subscriptionCountsOf(db).execute({ users: intArray(userIds) });
  const counts = new Map(rows.map((r) => [r.userId, Number(r.n)]));
  return userIds.map((id) => counts.get(id) ?? 0);
}

const subscriptionCountsOf = (db: DbOrTx) =>
  prepared(db, "push_subscription_counts", (db, name) =>
    db
      .select({ userId: pushSubscriptions.userId, n: sql<number>`count(*)::int` })
      .from(pushSubscriptions)
      .where(sql`${pushSubscriptions.userId} = any(${sql.placeholder("users")}::int[])`)
      .groupBy(pushSubscriptions.userId)
      .prepare(name),
  );

export async function markDelivered(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

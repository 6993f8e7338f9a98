import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import {
  billingCustomers,
  type PlanRow,
  plans,
  type SubscriptionRow,
  stripeEvents,
  subscriptions,
  type UserRow,
  users,
} from "../../db/schema";

// ---- plans ----

export async function listPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
}

export async function findPlanById(db: DbOrTx, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

export async function findPlanByName(db: DbOrTx, name: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.name, name)).limit(1);
  return row;
}

export async function upsertPlan(
  db: DbOrTx,
  values: Pick<
    PlanRow,
    "name" | "displayName" | "description" | "price" | "currency" | "interval" | "features" | "sortOrder"
  >,
): Promise<void> {
  await db
    .insert(plans)
    .values(values)
    .onConflictDoUpdate({
      target: plans.name,
      set: {
        displayName: values.displayName,
        description: values.description,
        price: values.price,
        currency: values.currency,
        interval: values.interval,
        features: values.features,
        sortOrder: values.sortOrder,
        updatedAt: sql`now()`,
      },
    });
}

// ---- members' subscription fields (mirrored on users for cheap entitlement checks) ----

export interface MemberSubscriptionFields {
  subscriptionTier: string;
  subscriptionStatus: string;
  subscriptionExpiresAt: Date | null;
}

export async function setMemberSubscription(
  db: DbOrTx,
  userId: number,
  values: Partial<MemberSubscriptionFields>,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function setMemberAccent(
  db: DbOrTx,
  userId: number,
  accent: string | null,
  now: Date,
): Promise<void> {
  await db.update(users).set({ accentColor: accent, updatedAt: now }).where(eq(users.id, userId));
}

export async function findMember(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

// ---- Stripe customers ----

export async function findCustomerIdForUser(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId))
    .limit(1);
  return row?.id;
}

export async function findUserIdForCustomer(
  db: DbOrTx,
  stripeCustomerId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId))
    .limit(1);
  return row?.userId;
}

/** Records (or replaces, when the old one was deleted at Stripe) the member's customer id. */
export async function saveCustomerId(db: DbOrTx, userId: number, stripeCustomerId: string): Promise<void> {
  await db
    .insert(billingCustomers)
    .values({ userId, stripeCustomerId })
    .onConflictDoUpdate({ target: billingCustomers.userId, set: { stripeCustomerId } });
}

// ---- subscriptions (terms) ----

export async function insertSubscription(
  db: DbOrTx,
  values: Pick<SubscriptionRow, "userId" | "plan" | "provider" | "status"> &
    Partial<Pick<SubscriptionRow, "stripeSubscriptionId" | "currentPeriodEnd" | "isCurrent">>,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(subscriptions)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function findSubscriptionByStripeId(
  db: DbOrTx,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .limit(1);
  return row;
}

export async function findCurrentSubscription(
  db: DbOrTx,
  userId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isCurrent, true)))
    .limit(1);
  return row;
}

/** The member's latest Stripe subscription still waiting for its first payment, if any. */
export async function findPendingSubscription(
  db: DbOrTx,
  userId: number,
  plan: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.plan, plan),
        eq(subscriptions.provider, "stripe"),
        eq(subscriptions.status, "incomplete"),
      ),
    )
    .orderBy(sql`${subscriptions.id} desc`)
    .limit(1);
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  id: number,
  userId: number,
  values: Partial<Pick<SubscriptionRow, "status" | "cancelAtPeriodEnd" | "currentPeriodEnd" | "isCurrent">>,
  now: Date,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
}

/** Makes one term the member's current one (at most one is current: a partial unique index). */
export async function makeCurrent(
  db: DbOrTx,
  id: number,
  userId: number,
  now: Date,
): Promise<SubscriptionRow[]> {
  const previous = await db
    .update(subscriptions)
    .set({ isCurrent: false, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isCurrent, true), ne(subscriptions.id, id)))
    .returning();
  await db
    .update(subscriptions)
    .set({ isCurrent: true, updatedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  return previous;
}

// ---- webhook idempotency ----

/** Claims an event id; false when it was already processed (a replay or a retry). */
export async function claimEvent(db: DbOrTx, id: string, type: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type, processedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

import type { PlanName } from "../../../common/plans";
import { PLAN_ENTITLEMENTS } from "../../../common/plans";
import {
  type AccentColor,
  type CreateSubscriptionInput,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionStatusBody,
} from "../../../common/subscriptions";
import type { PlanRow, PublicUserRow, SubscriptionRow, UserRow } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import { effectivePlan, entitlementsFor } from "../../platform/entitlements";
import { AppError, badRequest, conflict, forbidden, unavailable } from "../../platform/errors";
import type { StripeClient, StripeSubscription } from "../../platform/payments";
import {
  findCurrentSubscription,
  findCustomerIdForUser,
  findMember,
  findPendingSubscription,
  findPlanById,
  findPlanByName,
  insertSubscription,
  listPlans,
  saveCustomerId,
  setMemberAccent,
  setMemberSubscription,
  updateSubscription,
} from "./queries";

/** Subscription rows still able to give access (or about to). */
export const LIVE_STATUSES = new Set(["active", "past_due", "canceled"]);

/** Stripe timestamps are seconds since the epoch. */
export const fromUnix = (s: number | null | undefined): Date | null => (s ? new Date(s * 1000) : null);

/** A subscription's period end: since API 2025-03-31 it lives on the items. */
export function periodEndOf(sub: StripeSubscription): Date | null {
  const ends = (sub.items?.data ?? [])
    .map((i) => i.current_period_end)
    .filter((n): n is number => typeof n === "number");
  return ends.length ? fromUnix(Math.max(...ends)) : null;
}

/** The Payment Element's secret of a subscription's first invoice (expanded on create/retrieve). */
export function clientSecretOf(sub: StripeSubscription): string | null {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === "string") return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

export function presentStatus(
  user: Pick<UserRow, "subscriptionTier" | "subscriptionStatus" | "subscriptionExpiresAt">,
  current: SubscriptionRow | undefined,
  now: Date,
): SubscriptionStatusBody {
  const plan = effectivePlan(user, now);
  // A paid term whose end has passed reads as expired even before any event says so.
  const lapsed = user.subscriptionTier !== "free" && plan === "free";
  return {
    subscriptionTier: plan,
    subscriptionStatus: lapsed ? "expired" : user.subscriptionStatus,
    subscriptionExpiresAt: user.subscriptionExpiresAt ? user.subscriptionExpiresAt.toISOString() : null,
    canCancel:
      !lapsed &&
      current?.provider === "stripe" &&
      !current.cancelAtPeriodEnd &&
      (current.status === "active" || current.status === "past_due"),
    entitlements: PLAN_ENTITLEMENTS[plan],
  };
}

/** Stripe being down or refusing a call is the provider being unavailable for the member (SPEC §8). */
async function callStripe<T>(ctx: AppContext, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.error({ err, what }, "stripe call failed");
    throw unavailable(SUBSCRIPTION_MESSAGES.unavailable);
  }
}

export function createSubscriptionService(ctx: AppContext, stripe: StripeClient | null) {
  const createLimiter = ctx.limiter({ name: "subscription-create", points: 10, durationSec: 10 * 60 });
  /** Stripe price ids by lookup key, found or created once per process. */
  const priceIds = new Map<string, string>();

  async function resolvePlan(planId: CreateSubscriptionInput["planId"]): Promise<PlanRow> {
    const plan =
      typeof planId === "number"
        ? await findPlanById(ctx.db, planId)
        : await findPlanByName(ctx.db, planId.toLowerCase());
    if (!plan) throw badRequest(SUBSCRIPTION_MESSAGES.unknownPlan);
    return plan;
  }

  async function ensureCustomer(client: StripeClient, user: PublicUserRow): Promise<string> {
    const known = await findCustomerIdForUser(ctx.db, user.id);
    if (known) {
      const existing = await client.customers.retrieve(known).catch(() => null);
      if (existing && !("deleted" in existing && existing.deleted)) return known;
    }
    const customer = await client.customers.create(
      { email: user.email, name: user.username, metadata: { userId: String(user.id) } },
      { idempotencyKey: `agora-customer-${user.id}-${known ?? "new"}` },
    );
    await saveCustomerId(ctx.db, user.id, customer.id);
    return customer.id;
  }

  /** One recurring price per plan, price and interval (a price change makes a new one). */
  async function ensurePrice(client: StripeClient, plan: PlanRow): Promise<string> {
    const lookupKey = `agora_${plan.name}_${plan.interval}_${plan.currency}_${plan.price}`;
    const cached = priceIds.get(lookupKey);
    if (cached) return cached;
    const found = await client.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    let id = found.data[0]?.id;
    if (!id) {
      const price = await client.prices.create(
        {
          currency: plan.currency,
          unit_amount: plan.price,
          recurring: { interval: plan.interval as "month" | "year" },
          lookup_key: lookupKey,
          product_data: { name: `AI Agora ${plan.displayName}` },
        },
        { idempotencyKey: `agora-price-${lookupKey}` },
      );
      id = price.id;
    }
    priceIds.set(lookupKey, id);
    return id;
  }

  async function currentStatus(userId: number): Promise<SubscriptionStatusBody> {
    const member = await findMember(ctx.db, userId);
    if (!member) throw badRequest("Unknown member");
    return presentStatus(member, await findCurrentSubscription(ctx.db, userId), ctx.now());
  }

  return {
    async plans(): Promise<PlanRow[]> {
      return listPlans(ctx.db);
    },

    async status(user: PublicUserRow): Promise<SubscriptionStatusBody> {
      return presentStatus(user, await findCurrentSubscription(ctx.db, user.id), ctx.now());
    },

    /** Starts a subscription whose first payment the browser confirms: answers its client secret. */
    async create(
      user: PublicUserRow,
      planId: CreateSubscriptionInput["planId"],
    ): Promise<{ clientSecret: string }> {
      const plan = await resolvePlan(planId);
      const now = ctx.now();
      const current = effectivePlan(user, now);
      if (plan.name === current) {
        throw conflict(
          plan.name === "free"
            ? SUBSCRIPTION_MESSAGES.freePlanDescription
            : `You are already on the ${plan.displayName} plan`,
          "already_on_plan",
        );
      }
      if (plan.name === "free") {
        throw badRequest(
          "To return to the free plan, cancel your subscription: your current plan stays until the end of its billing period.",
        );
      }
      if (!stripe) throw unavailable(SUBSCRIPTION_MESSAGES.unavailable);
      const client = stripe;
      await createLimiter.consume(
        String(user.id),
        "Too many subscription attempts: rate limit reached. Please try again later.",
      );

      return callStripe(ctx, "create subscription", async () => {
        const customerId = await ensureCustomer(client, user);

        // A payment started earlier for the same plan and not finished yet is resumed, not doubled.
        const pending = await findPendingSubscription(ctx.db, user.id, plan.name);
        if (pending?.stripeSubscriptionId) {
          const existing = await client.subscriptions
            .retrieve(pending.stripeSubscriptionId, { expand: ["latest_invoice.confirmation_secret"] })
            .catch(() => null);
          const secret = existing?.status === "incomplete" ? clientSecretOf(existing) : null;
          if (secret) return { clientSecret: secret };
          await updateSubscription(ctx.db, pending.id, user.id, { status: "expired" }, now);
        }

        const price = await ensurePrice(client, plan);
        const sub = await client.subscriptions.create({
          customer: customerId,
          items: [{ price }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          expand: ["latest_invoice.confirmation_secret"],
          metadata: { userId: String(user.id), plan: plan.name },
        });
        const clientSecret = clientSecretOf(sub);
        if (!clientSecret) {
          ctx.log.error({ subscription: sub.id }, "stripe subscription has no confirmation secret");
          throw unavailable(SUBSCRIPTION_MESSAGES.unavailable);
        }
        await insertSubscription(
          ctx.db,
          {
            userId: user.id,
            plan: plan.name,
            provider: "stripe",
            stripeSubscriptionId: sub.id,
            status: "incomplete",
            currentPeriodEnd: periodEndOf(sub),
          },
          now,
        );
        return { clientSecret };
      });
    },

    /** Cancels at the end of the period: access stays until subscriptionExpiresAt (SPEC §4). */
    async cancel(user: PublicUserRow): Promise<SubscriptionStatusBody> {
      const now = ctx.now();
      const current = await findCurrentSubscription(ctx.db, user.id);
      if (
        current?.provider !== "stripe" ||
        !current.stripeSubscriptionId ||
        !LIVE_STATUSES.has(current.status) ||
        effectivePlan(user, now) === "free"
      ) {
        throw badRequest(SUBSCRIPTION_MESSAGES.noSubscription);
      }
      if (current.cancelAtPeriodEnd) {
        throw badRequest("Your subscription is already canceled and ends at the close of the billing period");
      }
      if (!stripe) throw unavailable(SUBSCRIPTION_MESSAGES.unavailable);
      const client = stripe;
      const subId = current.stripeSubscriptionId;
      const sub = await callStripe(ctx, "cancel subscription", () =>
        client.subscriptions.update(subId, { cancel_at_period_end: true }),
      );
      const periodEnd = periodEndOf(sub) ?? current.currentPeriodEnd;
      await ctx.db.transaction(async (tx) => {
        await updateSubscription(
          tx,
          current.id,
          user.id,
          { status: "canceled", cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd },
          now,
        );
        await setMemberSubscription(
          tx,
          user.id,
          { subscriptionStatus: "canceled", ...(periodEnd ? { subscriptionExpiresAt: periodEnd } : {}) },
          now,
        );
      });
      return currentStatus(user.id);
    },

    /** Custom themes (Pro and Premium): an accent from the palette, or null for the default. */
    async setTheme(
      user: PublicUserRow,
      accent: AccentColor | null,
    ): Promise<{ accentColor: AccentColor | null }> {
      if (!entitlementsFor(user, ctx.now()).customThemes) throw forbidden(SUBSCRIPTION_MESSAGES.themesLocked);
      await setMemberAccent(ctx.db, user.id, accent, ctx.now());
      return { accentColor: accent };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

/** Years are added on the calendar (a year from 29 Feb is 1 Mar). */
export function addYears(date: Date, years: number): Date {
  const d = new Date(date.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/** The launch offer (SPEC §9): members who join before the deadline get Pro for a year, free. */
export async function grantLaunchOffer(ctx: AppContext, userId: number): Promise<boolean> {
  const now = ctx.now();
  const deadline = ctx.config.promoDeadline;
  if (!deadline || now.getTime() >= deadline.getTime()) return false;
  const plan: PlanName = "pro";
  const expiresAt = addYears(now, 1);
  await ctx.db.transaction(async (tx) => {
    await insertSubscription(
      tx,
      { userId, plan, provider: "promo", status: "promo", currentPeriodEnd: expiresAt, isCurrent: true },
      now,
    );
    await setMemberSubscription(
      tx,
      userId,
      { subscriptionTier: plan, subscriptionStatus: "promo", subscriptionExpiresAt: expiresAt },
      now,
    );
  });
  return true;
}

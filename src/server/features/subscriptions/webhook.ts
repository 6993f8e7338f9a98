import { SUBSCRIPTION_MESSAGES } from "../../../common/subscriptions";
import type { Tx } from "../../db/connect";
import type { SubscriptionRow } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import { badRequest, unavailable } from "../../platform/errors";
import {
  type StripeClient,
  type StripeEvent,
  type StripeInvoice,
  type StripeSubscription,
  verifyWebhook,
  WebhookSignatureError,
} from "../../platform/payments";
import {
  claimEvent,
  findSubscriptionByStripeId,
  findUserIdForCustomer,
  makeCurrent,
  setMemberSubscription,
  updateSubscription,
} from "./queries";
import { fromUnix, LIVE_STATUSES, periodEndOf } from "./service";

export interface WebhookResult {
  received: true;
  duplicate?: boolean;
  ignored?: string;
}

/** What to do at Stripe once the database transaction has committed. */
type AfterCommit = (stripe: StripeClient) => Promise<void>;

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === "string" ? v : v.id;

function invoiceSubscriptionId(invoice: StripeInvoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The period an invoice pays for: its subscription lines' end (the invoice's own period is the previous one). */
function invoicePeriodEnd(invoice: StripeInvoice): Date | null {
  const ends = (invoice.lines?.data ?? [])
    .map((l) => l.period?.end)
    .filter((n): n is number => typeof n === "number");
  return fromUnix(ends.length ? Math.max(...ends) : invoice.period_end);
}

/** Stripe's subscription status as this site's (see SUBSCRIPTION_STATUSES and docs/decisions/0017-plans-entitlements-and-the-launch-offer.md). */
function localStatus(sub: StripeSubscription): string {
  switch (sub.status) {
    case "active":
    case "trialing":
      return sub.cancel_at_period_end ? "canceled" : "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "incomplete":
      return "incomplete";
    case "incomplete_expired":
      return "expired";
    case "canceled":
      return "ended";
    default:
      return "past_due";
  }
}

export function createWebhookHandler(ctx: AppContext, stripe: StripeClient | null) {
  const log = ctx.log;

  /** Makes a paid term the member's current one; an earlier paid term it replaces is ended at Stripe. */
  async function activate(
    tx: Tx,
    row: SubscriptionRow,
    periodEnd: Date | null,
    now: Date,
  ): Promise<AfterCommit[]> {
    const status = row.cancelAtPeriodEnd ? "canceled" : "active";
    const expiresAt = periodEnd ?? row.currentPeriodEnd;
    await updateSubscription(tx, row.id, row.userId, { status, currentPeriodEnd: expiresAt }, now);
    const previous = await makeCurrent(tx, row.id, row.userId, now);
    await setMemberSubscription(
      tx,
      row.userId,
      { subscriptionTier: row.plan, subscriptionStatus: status, subscriptionExpiresAt: expiresAt },
      now,
    );
    const after: AfterCommit[] = [];
    for (const old of previous) {
      await updateSubscription(tx, old.id, old.userId, { status: "replaced" }, now);
      const oldId = old.stripeSubscriptionId;
      if (old.provider === "stripe" && oldId && LIVE_STATUSES.has(old.status)) {
        // Unused time of the replaced plan is credited to the customer's balance (prorate).
        after.push(async (client) => {
          await client.subscriptions.cancel(oldId, { prorate: true });
        });
      }
    }
    return after;
  }

  /** Finds our term for a Stripe subscription of a known customer; null (logged) otherwise. */
  async function termFor(
    tx: Tx,
    event: StripeEvent,
    customer: string | null,
    subscriptionId: string | null,
  ): Promise<SubscriptionRow | string> {
    const userId = customer ? await findUserIdForCustomer(tx, customer) : undefined;
    if (!userId) {
      log.warn(
        { event: event.id, type: event.type, customer },
        "stripe webhook for an unknown customer; ignored",
      );
      return "unknown customer";
    }
    const row = subscriptionId ? await findSubscriptionByStripeId(tx, subscriptionId) : undefined;
    if (!row || row.userId !== userId) {
      log.warn(
        { event: event.id, type: event.type, subscriptionId },
        "stripe webhook for an unknown subscription; ignored",
      );
      return "unknown subscription";
    }
    return row;
  }

  async function apply(
    tx: Tx,
    event: StripeEvent,
    now: Date,
  ): Promise<{ ignored?: string; after: AfterCommit[] }> {
    switch (event.type) {
      case "invoice.paid":
      case "invoice.payment_succeeded": {
        const invoice = event.data.object;
        const row = await termFor(tx, event, idOf(invoice.customer), invoiceSubscriptionId(invoice));
        if (typeof row === "string") return { ignored: row, after: [] };
        if (!row.isCurrent && !["incomplete", "active", "past_due", "canceled"].includes(row.status)) {
          return { ignored: `subscription is ${row.status}`, after: [] };
        }
        return { after: await activate(tx, row, invoicePeriodEnd(invoice), now) };
      }

      case "invoice.payment_failed": {
        const invoice = event.data.object;
        const row = await termFor(tx, event, idOf(invoice.customer), invoiceSubscriptionId(invoice));
        if (typeof row === "string") return { ignored: row, after: [] };
        // A failed first payment leaves the member on their plan; a failed renewal is past due
        // (access continues while Stripe retries, until the period end).
        if (!row.isCurrent) return { ignored: "first payment failed", after: [] };
        await updateSubscription(tx, row.id, row.userId, { status: "past_due" }, now);
        await setMemberSubscription(tx, row.userId, { subscriptionStatus: "past_due" }, now);
        return { after: [] };
      }

      case "customer.subscription.updated": {
        const sub = event.data.object;
        const row = await termFor(tx, event, idOf(sub.customer), sub.id);
        if (typeof row === "string") return { ignored: row, after: [] };
        const status = localStatus(sub);
        const periodEnd = periodEndOf(sub) ?? row.currentPeriodEnd;
        if (!row.isCurrent) {
          if (row.status === "incomplete" && (status === "active" || status === "canceled")) {
            // The first payment went through (the invoice event may come later or not at all).
            await updateSubscription(
              tx,
              row.id,
              row.userId,
              { cancelAtPeriodEnd: sub.cancel_at_period_end },
              now,
            );
            return {
              after: await activate(
                tx,
                { ...row, cancelAtPeriodEnd: sub.cancel_at_period_end },
                periodEnd,
                now,
              ),
            };
          }
          if (row.status === "incomplete" || row.status === "expired") {
            await updateSubscription(tx, row.id, row.userId, { status, currentPeriodEnd: periodEnd }, now);
          }
          return { ignored: "not the member's current subscription", after: [] };
        }
        await updateSubscription(
          tx,
          row.id,
          row.userId,
          { status, cancelAtPeriodEnd: sub.cancel_at_period_end, currentPeriodEnd: periodEnd },
          now,
        );
        if (status === "ended") {
          await updateSubscription(tx, row.id, row.userId, { isCurrent: false }, now);
          await setMemberSubscription(
            tx,
            row.userId,
            {
              subscriptionTier: "free",
              subscriptionStatus: "canceled",
              subscriptionExpiresAt: fromUnix(sub.ended_at) ?? now,
            },
            now,
          );
        } else {
          await setMemberSubscription(
            tx,
            row.userId,
            { subscriptionTier: row.plan, subscriptionStatus: status, subscriptionExpiresAt: periodEnd },
            now,
          );
        }
        return { after: [] };
      }

      case "customer.subscription.deleted": {
        const sub = event.data.object;
        const row = await termFor(tx, event, idOf(sub.customer), sub.id);
        if (typeof row === "string") return { ignored: row, after: [] };
        if (!row.isCurrent) {
          if (row.status !== "replaced")
            await updateSubscription(tx, row.id, row.userId, { status: "ended" }, now);
          return { after: [] };
        }
        await updateSubscription(tx, row.id, row.userId, { status: "ended", isCurrent: false }, now);
        await setMemberSubscription(
          tx,
          row.userId,
          {
            subscriptionTier: "free",
            subscriptionStatus: "canceled",
            subscriptionExpiresAt: fromUnix(sub.ended_at) ?? now,
          },
          now,
        );
        return { after: [] };
      }

      default:
        return { ignored: `unhandled event type ${event.type}`, after: [] };
    }
  }

  return {
    /**
     * Verifies, then applies an event once: the event id is claimed in the same transaction as
     * its effects, so a replay or retry changes nothing, and a failure leaves it to be retried.
     */
    async handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
      const secret = ctx.config.stripe.webhookSecret;
      if (!secret) throw unavailable(SUBSCRIPTION_MESSAGES.unavailable);
      let event: StripeEvent;
      try {
        event = verifyWebhook(rawBody, signature, secret, ctx.now());
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          log.warn({ reason: err.message }, "stripe webhook refused: bad signature");
          throw badRequest("Webhook signature verification failed");
        }
        throw err;
      }
      const now = ctx.now();
      const outcome = await ctx.db.transaction(async (tx) => {
        if (!(await claimEvent(tx, event.id, event.type, now)))
          return { duplicate: true as const, after: [] };
        return apply(tx, event, now);
      });
      if ("duplicate" in outcome) {
        log.info({ event: event.id, type: event.type }, "stripe webhook already processed");
        return { received: true, duplicate: true };
      }
      for (const action of outcome.after) {
        if (!stripe) break;
        await action(stripe).catch((err) =>
          log.error({ err, event: event.id }, "stripe follow-up after webhook failed"),
        );
      }
      return { received: true, ...(outcome.ignored ? { ignored: outcome.ignored } : {}) };
    },
  };
}

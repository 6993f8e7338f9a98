import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTION_MESSAGES } from "../../../common/subscriptions";
import { signWebhookPayload } from "../../platform/payments";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { FakeStripe } from "../../test/fake-stripe";

/** The Stripe flows against a local Stripe-compatible server (STRIPE_API_URL), no internet. */
const WHSEC = "whsec_agora_test_secret";
let t: TestApp;
const fake = new FakeStripe();

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({
    stripe: {
      secretKey: "sk_test_agora",
      publishableKey: "pk_test_agora",
      webhookSecret: WHSEC,
      apiUrl: fake.url,
    },
    promoDeadline: new Date("2000-01-01T00:00:00Z"),
  });
  fake.nowSec = () => Math.floor(t.ctx.now().getTime() / 1000);
  await t.seed();
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

const nowSec = () => Math.floor(t.ctx.now().getTime() / 1000);

function webhook(payload: string, signature?: string, contentType = "application/json; charset=utf-8") {
  return t.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": contentType, ...(signature ? { "stripe-signature": signature } : {}) },
    payload,
  });
}
const signed = (payload: string, timestamp = nowSec()) =>
  webhook(payload, signWebhookPayload(payload, WHSEC, timestamp));

async function status(m: TestMember) {
  const res = await t.inject({ method: "GET", url: "/api/subscription/status", as: m });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    subscriptionTier: string;
    subscriptionStatus: string;
    subscriptionExpiresAt: string | null;
    canCancel: boolean;
    entitlements: { postsPerDay: number | null; customThemes: boolean };
  };
}

async function subscribe(m: TestMember, planId: string | number) {
  const res = await t.inject({ method: "POST", url: "/api/subscription/create", as: m, payload: { planId } });
  return res;
}

/** Creates a subscription and confirms its first payment through the webhook. */
async function paidMember(plan: string): Promise<{ m: TestMember; subId: string }> {
  const m = await t.register();
  const res = await subscribe(m, plan);
  expect(res.statusCode, res.body).toBe(200);
  const subId = lastSubscriptionId();
  const paid = await signed(fake.event("invoice.paid", fake.pay(subId)));
  expect(paid.statusCode, paid.body).toBe(200);
  return { m, subId };
}

/** A fresh session (after moving the clock past the first one's lifetime). */
async function signIn(m: TestMember): Promise<TestMember> {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: m.username, password: m.password },
  });
  expect(res.statusCode).toBe(200);
  return { ...m, cookie: String(res.headers["set-cookie"]).split(";")[0]! };
}

function lastSubscriptionId(): string {
  const ids = [...fake.subscriptions.keys()];
  return ids[ids.length - 1]!;
}

const iso = (sec: unknown) => new Date(Number(sec) * 1000).toISOString();
const periodEnd = (subId: string) =>
  (fake.subscription(subId).items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;

describe("payments configuration", () => {
  it("serves the publishable key from the server, not the bundle", async () => {
    const res = await t.inject({ method: "GET", url: "/api/subscription/config" });
    expect(res.json()).toEqual({ publishableKey: "pk_test_agora" });
  });
});

describe("creating a subscription", () => {
  it("creates the customer and an incomplete subscription and answers the client secret", async () => {
    const m = await t.register();
    const before = fake.requests.length;
    const res = await subscribe(m, "pro");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientSecret).toMatch(/^pi_\w+_secret_\w+$/);

    const calls = fake.requests.slice(before);
    const customer = calls.find((r) => r.method === "POST" && r.path === "/v1/customers");
    expect(customer?.params).toMatchObject({ email: m.email, metadata: { userId: String(m.id) } });
    const create = calls.find((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    expect(create?.params).toMatchObject({
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret"],
      metadata: { plan: "pro", userId: String(m.id) },
    });
    const items = (create?.params.items ?? []) as { price: string }[];
    const price = fake.prices.get(String(items[0]?.price));
    expect(price).toMatchObject({ unit_amount: 999, currency: "usd", recurring: { interval: "month" } });

    // Nothing is granted before the payment is confirmed.
    expect(await status(m)).toMatchObject({
      subscriptionTier: "free",
      subscriptionStatus: "none",
      canCancel: false,
    });
  });

  it("reuses the customer and the unfinished payment when the member tries again", async () => {
    const m = await t.register();
    const first = await subscribe(m, "basic");
    const subsBefore = fake.subscriptions.size;
    const customersBefore = fake.customers.size;
    const again = await subscribe(m, "basic");
    expect(again.statusCode).toBe(200);
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    expect(fake.subscriptions.size).toBe(subsBefore);
    expect(fake.customers.size).toBe(customersBefore);
    // Another plan: a new subscription for the same customer.
    const other = await subscribe(m, "premium");
    expect(other.statusCode).toBe(200);
    expect(fake.customers.size).toBe(customersBefore);
    expect(fake.subscription(lastSubscriptionId()).customer).toBe(
      fake.subscription([...fake.subscriptions.keys()].at(-2)!).customer,
    );
  });

  it("accepts the plan's numeric id", async () => {
    const plans = (await t.inject({ method: "GET", url: "/api/subscription/plans" })).json() as {
      id: number;
      name: string;
    }[];
    const basic = plans.find((p) => p.name === "basic")!;
    const res = await subscribe(await t.register(), basic.id);
    expect(res.statusCode).toBe(200);
  });

  it.each([["enterprise"], [987654], [""], [-1]])("refuses an unknown plan %s with 400", async (planId) => {
    const res = await subscribe(await t.register(), planId as string);
    expect(res.statusCode).toBe(400);
  });

  it("refuses bad bodies with 400 and signed-out callers with 401", async () => {
    const m = await t.register();
    for (const payload of [{}, { planId: "pro", extra: 1 }, { planId: null }, { planId: ["pro"] }]) {
      const res = await t.inject({ method: "POST", url: "/api/subscription/create", as: m, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const anon = await t.inject({
      method: "POST",
      url: "/api/subscription/create",
      payload: { planId: "pro" },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("answers 409 for the free plan when already free", async () => {
    const res = await subscribe(await t.register(), "free");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.freePlanDescription);
  });

  it("answers 503 with the spec's message when Stripe refuses", async () => {
    const m = await t.register();
    fake.failNext = { status: 400, message: "Your account cannot currently make live charges." };
    const res = await subscribe(m, "premium");
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.unavailable);
  });
});

describe("the subscription lifecycle through signed webhooks", () => {
  it("confirms, renews, fails, cancels and ends", async () => {
    const { m, subId } = await paidMember("pro");
    let s = await status(m);
    expect(s).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "active", canCancel: true });
    expect(s.subscriptionExpiresAt).toBe(iso(periodEnd(subId)));
    expect(s.entitlements).toMatchObject({ postsPerDay: null, customThemes: true });

    // The plan one already has: 409. Going back to free is done by cancelling: 400.
    expect((await subscribe(m, "pro")).statusCode).toBe(409);
    expect((await subscribe(m, "free")).statusCode).toBe(400);

    // Renewal: a new period is paid and the expiry moves on.
    const firstEnd = periodEnd(subId);
    const renewal = await signed(fake.event("invoice.paid", fake.renew(subId)));
    expect(renewal.statusCode).toBe(200);
    s = await status(m);
    expect(s.subscriptionExpiresAt).toBe(iso(firstEnd + 30 * 86400));
    const updated = await signed(fake.event("customer.subscription.updated", fake.subscription(subId)));
    expect(updated.statusCode).toBe(200);
    expect((await status(m)).subscriptionStatus).toBe("active");

    // A renewal payment fails: past due, access continues meanwhile.
    const failed = await signed(fake.event("invoice.payment_failed", fake.renew(subId, "failed")));
    expect(failed.statusCode).toBe(200);
    s = await status(m);
    expect(s).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "past_due", canCancel: true });

    // Stripe retries and the payment goes through.
    const invoiceId = String(fake.subscription(subId).latest_invoice);
    fake.subscription(subId).status = "active";
    const retried = { ...fake.invoices.get(invoiceId)!, status: "paid" };
    delete (retried as Record<string, unknown>).confirmation_secret;
    expect((await signed(fake.event("invoice.payment_succeeded", retried))).statusCode).toBe(200);
    s = await status(m);
    expect(s.subscriptionStatus).toBe("active");
    const expiresAt = s.subscriptionExpiresAt;

    // Cancel: at the period end; access stays until subscriptionExpiresAt.
    const cancel = await t.inject({ method: "POST", url: "/api/subscription/cancel", as: m });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      subscriptionTier: "pro",
      subscriptionStatus: "canceled",
      canCancel: false,
    });
    expect(cancel.json().subscriptionExpiresAt).toBe(expiresAt);
    expect(fake.subscription(subId).cancel_at_period_end).toBe(true);
    expect((await t.inject({ method: "POST", url: "/api/subscription/cancel", as: m })).statusCode).toBe(400);
    // Stripe's echo of the cancellation changes nothing.
    expect(
      (await signed(fake.event("customer.subscription.updated", fake.subscription(subId)))).statusCode,
    ).toBe(200);
    expect(await status(m)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "canceled" });

    // Just before the end the member still has Pro; just after, Free.
    t.setNow(new Date(new Date(expiresAt!).getTime() - 1000));
    const later = await signIn(m);
    expect((await status(later)).subscriptionTier).toBe("pro");
    t.setNow(new Date(new Date(expiresAt!).getTime() + 1000));
    expect(await status(later)).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "expired" });

    // Stripe ends the subscription at the period end.
    fake.subscription(subId).status = "canceled";
    fake.subscription(subId).ended_at = nowSec();
    expect(
      (await signed(fake.event("customer.subscription.deleted", fake.subscription(subId)))).statusCode,
    ).toBe(200);
    expect(await status(later)).toMatchObject({
      subscriptionTier: "free",
      subscriptionStatus: "canceled",
      canCancel: false,
    });
    expect((await t.inject({ method: "POST", url: "/api/subscription/cancel", as: later })).statusCode).toBe(
      400,
    );
    t.setNow(undefined);
  });

  it("leaves the member's plan alone when the first payment fails", async () => {
    const m = await t.register();
    await subscribe(m, "basic");
    const subId = lastSubscriptionId();
    const invoice = { ...fake.invoices.get(String(fake.subscription(subId).latest_invoice))! };
    delete (invoice as Record<string, unknown>).confirmation_secret;
    const res = await signed(fake.event("invoice.payment_failed", invoice));
    expect(res.statusCode).toBe(200);
    expect(await status(m)).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "none" });
  });

  it("switching plans ends the replaced subscription at Stripe, crediting unused time", async () => {
    const { m, subId: proSub } = await paidMember("pro");
    const res = await subscribe(m, "premium");
    expect(res.statusCode).toBe(200);
    const premiumSub = lastSubscriptionId();
    expect((await signed(fake.event("invoice.paid", fake.pay(premiumSub)))).statusCode).toBe(200);
    expect(await status(m)).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "active" });
    expect(fake.subscription(proSub).status).toBe("canceled");
    const cancelCall = fake.requests.find(
      (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${proSub}`,
    );
    expect(cancelCall?.params).toMatchObject({ prorate: "true" });
    // Stripe's deletion event for the replaced one does not demote the member.
    expect(
      (await signed(fake.event("customer.subscription.deleted", fake.subscription(proSub)))).statusCode,
    ).toBe(200);
    expect((await status(m)).subscriptionTier).toBe("premium");
  });

  it("activates on the subscription update even if the invoice event never comes", async () => {
    const m = await t.register();
    await subscribe(m, "basic");
    const subId = lastSubscriptionId();
    fake.pay(subId);
    expect(
      (await signed(fake.event("customer.subscription.updated", fake.subscription(subId)))).statusCode,
    ).toBe(200);
    expect(await status(m)).toMatchObject({ subscriptionTier: "basic", subscriptionStatus: "active" });
  });
});

describe("webhook safety", () => {
  it("processes a replayed event only once", async () => {
    const { m, subId } = await paidMember("basic");
    const paidAgain = fake.event("invoice.paid", fake.renew(subId));
    expect((await signed(paidAgain)).statusCode).toBe(200);
    const failure = await signed(fake.event("invoice.payment_failed", fake.renew(subId, "failed")));
    expect(failure.statusCode).toBe(200);
    const before = await status(m);
    expect(before.subscriptionStatus).toBe("past_due");
    // The earlier "paid" event delivered again (same id): acknowledged, not applied.
    const replay = await signed(paidAgain);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ received: true, duplicate: true });
    expect(await status(m)).toEqual(before);
  });

  it("refuses unsigned, forged, tampered, stale and future events with 400 and changes nothing", async () => {
    const m = await t.register();
    await subscribe(m, "pro");
    const subId = lastSubscriptionId();
    const payload = fake.event("invoice.paid", fake.pay(subId));

    const unsigned = await webhook(payload);
    expect(unsigned.statusCode).toBe(400);
    const forged = await webhook(payload, signWebhookPayload(payload, "whsec_wrong", nowSec()));
    expect(forged.statusCode).toBe(400);
    const tampered = await webhook(
      payload.replace('"paid"', '"void"'),
      signWebhookPayload(payload, WHSEC, nowSec()),
    );
    expect(tampered.statusCode).toBe(400);
    const stale = await signed(payload, nowSec() - 3600);
    expect(stale.statusCode).toBe(400);
    // Issue 25: the SDK's tolerance bounds only the past; an hour ahead is refused too.
    const future = await signed(payload, nowSec() + 3600);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe("Webhook signature verification failed");
    const garbage = await webhook("not json at all", "t=1,v1=abc");
    expect(garbage.statusCode).toBe(400);
    expect(await status(m)).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "none" });

    // The refused deliveries did not use up the event id: the genuine one is applied.
    const genuine = await signed(payload);
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json().duplicate).toBeUndefined();
    expect((await status(m)).subscriptionTier).toBe("pro");
  });

  it("acknowledges an event for an unknown customer without changing anything", async () => {
    const res = await signed(
      fake.event("customer.subscription.deleted", {
        id: "sub_unknown",
        object: "subscription",
        customer: "cus_nobody",
        status: "canceled",
        cancel_at_period_end: false,
        items: { data: [] },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, ignored: "unknown customer" });
  });

  it("acknowledges event types it does not handle", async () => {
    const res = await signed(fake.event("charge.refunded", { id: "ch_1", object: "charge" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().ignored).toContain("unhandled");
  });
});

import type Stripe from "stripe";
import type { Config } from "../config";
import { lazy } from "./lazy";

/** The SDK, loaded when payments are first used (most instances never take one). */
const stripeSdk = lazy<typeof Stripe>("stripe");

export type StripeClient = Stripe;
export type StripeEvent = Stripe.Event;
export type StripeSubscription = Stripe.Subscription;
export type StripeInvoice = Stripe.Invoice;

/**
 * The Stripe client, or null when STRIPE_SECRET_KEY is not set (payments unavailable, DESIGN §3).
 * STRIPE_API_URL points the SDK at another Stripe-compatible server (the API tests' local one).
 */
export function createStripeClient(config: Config): Stripe | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "AI Agora" },
  };
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === "http:" ? "http" : "https";
    options.host = url.hostname;
    options.protocol = protocol;
    options.port = url.port || (protocol === "http" ? 80 : 443);
  }
  return new (stripeSdk())(secretKey, options);
}

/** The publishable key the browser may use, only when payments are actually configured. */
export function publishableKey(config: Config): string | null {
  return config.stripe.secretKey && config.stripe.publishableKey ? config.stripe.publishableKey : null;
}

export class WebhookSignatureError extends Error {}

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body (and its age, against `now`) and
 * answers the event. Throws WebhookSignatureError for a missing, forged or stale signature.
 */
export function verifyWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  now: Date,
): Stripe.Event {
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
  // The SDK's tolerance only bounds the past; a signed timestamp from the future is refused too
  // (issue 25), so a leaked signed payload cannot be held back and replayed later.
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (
    Number.isFinite(timestamp) &&
    timestamp * 1000 > now.getTime() + stripeSdk().webhooks.DEFAULT_TOLERANCE * 1000
  ) {
    throw new WebhookSignatureError("Timestamp is in the future, outside the tolerance zone");
  }
  try {
    return stripeSdk().webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      stripeSdk().webhooks.DEFAULT_TOLERANCE,
      undefined,
      now.getTime(),
    );
  } catch (err) {
    throw new WebhookSignatureError((err as Error).message);
  }
}

/** Signs a payload as Stripe would (the SDK's own helper), for tests and local tooling. */
export function signWebhookPayload(payload: string, secret: string, timestampSec?: number): string {
  return stripeSdk().webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSec });
}

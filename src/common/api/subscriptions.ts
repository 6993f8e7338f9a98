import { z } from "zod";
import {
  createSubscriptionResultSchema,
  createSubscriptionSchema,
  paymentsConfigSchema,
  plansSchema,
  subscriptionStatusSchema,
  themeResultSchema,
  themeUpdateSchema,
} from "../subscriptions";
import { route } from "./route";

/** Plans, the member's subscription and theme, and Stripe's webhook. */
const tags = ["subscription"];

export const listPlans = route("GET", "/api/subscription/plans", "public", () => ({
  tags,
  summary: "The plans, cheapest first (public)",
  response: plansSchema,
}));

export const getPaymentsConfig = route("GET", "/api/subscription/config", "public", () => ({
  tags,
  summary: "The payment provider's publishable key, null when payments are unavailable",
  response: paymentsConfigSchema,
}));

export const getSubscriptionStatus = route("GET", "/api/subscription/status", "member", () => ({
  tags,
  summary: "The signed-in member's plan, status and expiry",
  response: subscriptionStatusSchema,
  errors: [401],
}));

export const createSubscription = route("POST", "/api/subscription/create", "member", () => ({
  tags,
  summary: "Start a paid subscription; answers the client secret the payment form confirms",
  body: createSubscriptionSchema,
  response: createSubscriptionResultSchema,
  errors: [400, 401, 409, 429, 503],
}));

export const cancelSubscription = route("POST", "/api/subscription/cancel", "member", () => ({
  tags,
  summary: "Cancel at the end of the billing period (access stays until then)",
  response: subscriptionStatusSchema,
  errors: [400, 401, 503],
}));

export const setTheme = route("PUT", "/api/subscription/theme", "member", () => ({
  tags,
  summary: "Choose the accent color of a custom theme (Pro and Premium)",
  body: themeUpdateSchema,
  response: themeResultSchema,
  errors: [400, 401, 403],
}));

/** Stripe signs the exact bytes it sends: the server keeps this route's raw body (no body schema). */
export const stripeWebhook = route("POST", "/api/stripe/webhook", "webhook", () => ({
  tags,
  summary: "Stripe events (signed with STRIPE_WEBHOOK_SECRET, applied once per event id)",
  response: z.object({
    received: z.literal(true),
    duplicate: z.boolean().optional(),
    ignored: z.string().optional(),
  }),
  errors: [400, 503],
}));

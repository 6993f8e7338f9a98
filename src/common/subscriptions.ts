import { z } from "zod";
import { CONTROL_CHARS } from "./http";
import { PLAN_NAMES } from "./plans";

/** SPEC §8 subscription texts, used verbatim by the page and the server. */
export const SUBSCRIPTION_MESSAGES = {
  unavailable: "Payment processing is temporarily unavailable. Please contact support.",
  subscriptionErrorTitle: "Subscription Error",
  subscriptionErrorDefault: "Failed to create subscription",
  cancellationErrorTitle: "Cancellation Error",
  cancellationErrorDefault: "Failed to cancel subscription",
  paymentFailedTitle: "Payment Failed",
  paymentErrorTitle: "Payment Error",
  paymentErrorDefault: "Something went wrong with your payment.",
  paymentSuccessTitle: "Payment Successful",
  paymentSuccessDescription: "You are now subscribed!",
  canceledTitle: "Subscription Canceled",
  canceledDescription: "Your subscription will end at the current billing period.",
  freePlanTitle: "Free Plan",
  freePlanDescription: "You're already on the free plan!",
  unknownPlan: "Unknown plan",
  noSubscription: "You have no paid subscription to cancel",
  themesLocked: "Custom themes are available on the Pro and Premium plans",
} as const;

/**
 * Values of `users.subscription_status` (SPEC §3 shows only the field name):
 * none (never subscribed), active, past_due (a renewal payment failed; access continues while
 * the provider retries), canceled (ends at `subscriptionExpiresAt`, or has ended), promo (the
 * launch offer), expired (a term ended without renewal).
 */
export const SUBSCRIPTION_STATUSES = ["none", "active", "past_due", "canceled", "promo", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const planSchema = z.object({
  id: z.number().int(),
  name: z.enum(PLAN_NAMES),
  displayName: z.string(),
  description: z.string(),
  /** In cents. */
  price: z.number().int(),
  currency: z.string(),
  interval: z.enum(["month", "year"]),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;
export const plansSchema = z.array(planSchema);

/** SPEC §9: "cents/100 with two decimals per interval", e.g. "$9.99/month". */
export function formatPlanPrice(cents: number, interval: string, currency = "usd"): string {
  const symbol = currency.toLowerCase() === "usd" ? "$" : `${currency.toUpperCase()} `;
  return `${symbol}${(cents / 100).toFixed(2)}/${interval}`;
}

export const entitlementsSchema = z.object({
  postsPerDay: z.number().int().nullable(),
  analytics: z.enum(["none", "basic", "advanced"]),
  prioritySupport: z.enum(["no", "yes", "dedicated"]),
  customThemes: z.boolean(),
});

/** GET /api/subscription/status: SPEC §3's three fields plus what the page needs to decide. */
export const subscriptionStatusSchema = z.object({
  subscriptionTier: z.enum(PLAN_NAMES),
  subscriptionStatus: z.string(),
  subscriptionExpiresAt: z.string().nullable(),
  /** True when the current plan is a paid Stripe subscription that can still be canceled. */
  canCancel: z.boolean(),
  entitlements: entitlementsSchema,
});
export type SubscriptionStatusBody = z.infer<typeof subscriptionStatusSchema>;

/** `planId` is a plan's numeric id or its name ("pro"). */
export const createSubscriptionSchema = z.strictObject({
  planId: z.union(
    [
      z.number().int().positive().max(2_147_483_647),
      z
        .string()
        .trim()
        .min(1, SUBSCRIPTION_MESSAGES.unknownPlan)
        .max(40, SUBSCRIPTION_MESSAGES.unknownPlan)
        // A NUL reached PostgreSQL and failed there (500); no plan's name has a control character.
        .refine((v) => !CONTROL_CHARS.test(v), SUBSCRIPTION_MESSAGES.unknownPlan),
    ],
    { error: "planId is required (a plan id or name)" },
  ),
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;

export const createSubscriptionResultSchema = z.object({ clientSecret: z.string() });

export const paymentsConfigSchema = z.object({ publishableKey: z.string().nullable() });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/**
 * Accent colours of custom themes (Pro and Premium). Each has a light- and a dark-theme value
 * whose contrast with the theme's text on primary and with its backgrounds is at least 4.5:1.
 */
export const ACCENT_COLORS = {
  indigo: { label: "Indigo", light: "#4338ca", dark: "#818cf8" },
  violet: { label: "Violet", light: "#6d28d9", dark: "#a78bfa" },
  fuchsia: { label: "Fuchsia", light: "#a21caf", dark: "#e879f9" },
  rose: { label: "Rose", light: "#be123c", dark: "#fb7185" },
  amber: { label: "Amber", light: "#b45309", dark: "#fbbf24" },
  emerald: { label: "Emerald", light: "#047857", dark: "#34d399" },
  teal: { label: "Teal", light: "#0f766e", dark: "#2dd4bf" },
  sky: { label: "Sky", light: "#0369a1", dark: "#38bdf8" },
} as const;
export type AccentColor = keyof typeof ACCENT_COLORS;
export const ACCENT_COLOR_NAMES = Object.keys(ACCENT_COLORS) as [AccentColor, ...AccentColor[]];

export function isAccentColor(value: unknown): value is AccentColor {
  return typeof value === "string" && Object.hasOwn(ACCENT_COLORS, value);
}

/** PUT /api/subscription/theme: an accent from the palette, or null for the default. */
export const themeUpdateSchema = z.strictObject({
  accent: z
    .enum(ACCENT_COLOR_NAMES, { error: `accent must be one of ${ACCENT_COLOR_NAMES.join(", ")} or null` })
    .nullable(),
});
export const themeResultSchema = z.object({ accentColor: z.enum(ACCENT_COLOR_NAMES).nullable() });

/** Support tickets: priority follows the plan (SPEC §9 "Priority support"). */
export const SUPPORT_PRIORITIES = ["normal", "priority", "dedicated"] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const SUPPORT_LIMITS = { subjectMin: 3, subjectMax: 150, messageMin: 10, messageMax: 5000 } as const;

const supportText = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .min(min, `${field} is too short (at least ${min} characters)`)
    .max(max, `${field} is too long (at most ${max} characters)`)
    .refine((v) => !CONTROL_CHARS.test(v), { message: `${field} contains characters that are not allowed` });

export const supportTicketCreateSchema = z.strictObject({
  subject: supportText("Subject", SUPPORT_LIMITS.subjectMin, SUPPORT_LIMITS.subjectMax),
  message: supportText("Message", SUPPORT_LIMITS.messageMin, SUPPORT_LIMITS.messageMax),
});
export type SupportTicketCreateInput = z.infer<typeof supportTicketCreateSchema>;

export const supportTicketSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  priority: z.enum(SUPPORT_PRIORITIES),
  status: z.enum(["open", "closed"]),
  createdAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;
export const supportTicketsSchema = z.array(supportTicketSchema);

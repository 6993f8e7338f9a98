import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createSubscriptionResultSchema,
  createSubscriptionSchema,
  paymentsConfigSchema,
  plansSchema,
  subscriptionStatusSchema,
  themeResultSchema,
  themeUpdateSchema,
} from "../../../common/subscriptions";
import { errorResponses } from "../../platform/http";
import { createStripeClient, publishableKey } from "../../platform/payments";
import { requireUser } from "../../platform/session";
import { presentPlan } from "./presenter";
import { createSubscriptionService } from "./service";
import { createWebhookHandler } from "./webhook";

const webhookResultSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().optional(),
  ignored: z.string().optional(),
});

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = createStripeClient(app.ctx.config);
  const subscriptions = createSubscriptionService(app.ctx, stripe);
  const webhook = createWebhookHandler(app.ctx, stripe);

  app.get(
    "/subscription/plans",
    {
      schema: {
        tags: ["subscription"],
        summary: "The plans, cheapest first (public)",
        response: { 200: plansSchema },
      },
    },
    async () => (await subscriptions.plans()).map(presentPlan),
  );

  app.get(
    "/subscription/config",
    {
      schema: {
        tags: ["subscription"],
        summary: "The payment provider's publishable key, null when payments are unavailable",
        response: { 200: paymentsConfigSchema },
      },
    },
    async () => ({ publishableKey: publishableKey(app.ctx.config) }),
  );

  app.get(
    "/subscription/status",
    {
      schema: {
        tags: ["subscription"],
        summary: "The signed-in member's plan, status and expiry",
        response: { 200: subscriptionStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => subscriptions.status(requireUser(request)),
  );

  app.post(
    "/subscription/create",
    {
      schema: {
        tags: ["subscription"],
        summary: "Start a paid subscription; answers the client secret the payment form confirms",
        body: createSubscriptionSchema,
        response: { 200: createSubscriptionResultSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request) => subscriptions.create(requireUser(request), request.body.planId),
  );

  app.post(
    "/subscription/cancel",
    {
      schema: {
        tags: ["subscription"],
        summary: "Cancel at the end of the billing period (access stays until then)",
        response: { 200: subscriptionStatusSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => subscriptions.cancel(requireUser(request)),
  );

  app.put(
    "/subscription/theme",
    {
      schema: {
        tags: ["subscription"],
        summary: "Choose the accent color of a custom theme (Pro and Premium)",
        body: themeUpdateSchema,
        response: { 200: themeResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => subscriptions.setTheme(requireUser(request), request.body.accent),
  );

  // Stripe signs the exact bytes it sends: this route alone keeps the raw body.
  await app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      "/stripe/webhook",
      {
        schema: {
          tags: ["subscription"],
          summary: "Stripe events (signed with STRIPE_WEBHOOK_SECRET, applied once per event id)",
          response: { 200: webhookResultSchema, ...errorResponses(400, 503) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
        const signature = request.headers["stripe-signature"];
        return webhook.handle(body, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
};

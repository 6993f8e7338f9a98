import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/subscriptions";
import { serve } from "../../platform/contract";
import { createStripeClient, publishableKey } from "../../platform/payments";
import { requireUser } from "../../platform/session";
import { presentPlan } from "./presenter";
import { createSubscriptionService } from "./service";
import { createWebhookHandler } from "./webhook";

/** src/common/api/subscriptions.ts: plans, the member's subscription and theme, Stripe's webhook. */
export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  const stripe = createStripeClient(app.ctx.config);
  const subscriptions = createSubscriptionService(app.ctx, stripe);
  const webhook = createWebhookHandler(app.ctx, stripe);

  serve(app, api.listPlans, {}, async () => (await subscriptions.plans()).map(presentPlan));
  serve(app, api.getPaymentsConfig, {}, async () => ({ publishableKey: publishableKey(app.ctx.config) }));
  serve(app, api.getSubscriptionStatus, {}, async (request) => subscriptions.status(requireUser(request)));
  serve(app, api.createSubscription, {}, async (request) =>
    subscriptions.create(requireUser(request), request.body.planId),
  );
  serve(app, api.cancelSubscription, {}, async (request) => subscriptions.cancel(requireUser(request)));
  serve(app, api.setTheme, {}, async (request) =>
    subscriptions.setTheme(requireUser(request), request.body.accent),
  );

  // Stripe signs the exact bytes it sends: this route alone keeps the raw body.
  await app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    serve(raw, api.stripeWebhook, {}, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
      const signature = request.headers["stripe-signature"];
      return webhook.handle(body, Array.isArray(signature) ? signature[0] : signature);
    });
  });
};

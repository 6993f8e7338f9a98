import type { FastifyPluginAsync } from "fastify";
import { subscriptionRoutes } from "./routes";
import { seedSteps } from "./seed";
import { grantLaunchOffer } from "./service";

/**
 * Plans, Stripe checkout and its webhook, cancellation, accent themes; seeds the plans. A new
 * member gets the launch offer while it runs (before the registration answer, which shows it).
 */
export const subscriptionsFeature: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  await app.register(subscriptionRoutes);
  for (const step of seedSteps) ctx.seeds.add(step);
  ctx.events.on("user.registered", async (e) => {
    if (await grantLaunchOffer(ctx, e.userId))
      ctx.log.info({ userId: e.userId }, "launch offer granted: Pro for one year");
  });
};

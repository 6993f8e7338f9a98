import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export const publicConfigSchema = z.object({
  /** Launch offer deadline (PROMO_DEADLINE), ISO-8601; null when there is no offer. */
  promoDeadline: z.string().nullable(),
});

/** Settings the client needs at run time (never secrets). */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/public-config",
    {
      schema: {
        tags: ["site"],
        summary: "Public run-time settings for the client",
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({ promoDeadline: app.ctx.config.promoDeadline?.toISOString() ?? null }),
  );
};

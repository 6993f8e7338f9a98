import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { insightsSchema } from "../../../common/insights";
import { createInsightsService } from "./service";

/** SPEC §2.13: the generation profiles with live figures. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const insights = createInsightsService(app.ctx);

  app.get(
    "/generational-insights",
    {
      schema: {
        tags: ["discovery"],
        summary:
          "Per generation: profile, age range, member count, 2 most recent posts, favorite models, top hashtags",
        response: { 200: insightsSchema },
      },
    },
    async () => insights.get(),
  );
};

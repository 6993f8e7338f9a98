import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exploreSchema } from "../../../common/trending";
import { createExploreService } from "./service";

/** The explore page: top models by category, active forums, popular prompts, members to follow. */
export const exploreRoutes: FastifyPluginAsyncZod = async (app) => {
  const explore = createExploreService(app.ctx);

  app.get(
    "/explore",
    {
      schema: {
        tags: ["discovery"],
        summary:
          "Discovery mix: top models per category, active forums, popular prompts and suggested members",
        response: { 200: exploreSchema },
      },
    },
    async (request) => explore.get(request.user),
  );
};

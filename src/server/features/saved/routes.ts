import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MODEL_MESSAGES, savedSchema } from "../../../common/ai-models";
import { pageQuerySchema } from "../../../common/http";
import { errorResponses } from "../../platform/http";
import { requireUser } from "../../platform/session";
import { createSavedService } from "./service";

/** The member's saved items (the /saved page): bookmarked models now; saved posts can join here. */
export const savedRoutes: FastifyPluginAsyncZod = async (app) => {
  const saved = createSavedService(app.ctx);
  app.get(
    "/saved",
    {
      schema: {
        tags: ["saved"],
        summary: "The signed-in member's bookmarked models, most recently saved first",
        querystring: pageQuerySchema,
        response: { 200: savedSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => saved.list(requireUser(request, MODEL_MESSAGES.loginToSaved), request.query),
  );
};

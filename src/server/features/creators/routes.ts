import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { creatorSchema, creatorsQuerySchema } from "../../../common/trending";
import { errorResponses } from "../../platform/http";
import { createCreatorsService } from "./service";

/** The creators directory: members ranked by followers and likes received, by generation. */
export const creatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const creators = createCreatorsService(app.ctx);

  app.get(
    "/creators",
    {
      schema: {
        tags: ["discovery"],
        summary: "Members ranked by followers, then likes received (generation filter; limit/cursor)",
        querystring: creatorsQuerySchema,
        response: { 200: z.array(creatorSchema), ...errorResponses(400) },
      },
    },
    async (request) => creators.list(request.user, request.query),
  );
};

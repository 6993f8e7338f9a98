import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "../../../common/http";
import {
  followListQuerySchema,
  followResultSchema,
  followStatusSchema,
  SOCIAL_MESSAGES,
  userSummarySchema,
} from "../../../common/social";
import { errorResponses } from "../../platform/http";
import { requireUser } from "../../platform/session";
import { createFollowService } from "./service";

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const follows = createFollowService(app.ctx);
  const login = (request: Parameters<typeof requireUser>[0]) =>
    requireUser(request, SOCIAL_MESSAGES.followLogin);

  app.get(
    "/users/:id/following-status",
    {
      schema: {
        tags: ["follows"],
        summary: "Whether the signed-in member follows this member",
        params: idParamSchema,
        response: { 200: followStatusSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => follows.status(login(request), request.params.id),
  );

  app.post(
    "/users/:id/follow",
    {
      schema: {
        tags: ["follows"],
        summary: "Follow a member (idempotent; never oneself)",
        params: idParamSchema,
        response: { 200: followResultSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => follows.follow(login(request), request.params.id),
  );

  app.delete(
    "/users/:id/follow",
    {
      schema: {
        tags: ["follows"],
        summary: "Stop following a member (idempotent)",
        params: idParamSchema,
        response: { 200: followResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => follows.unfollow(login(request), request.params.id),
  );

  for (const direction of ["followers", "following"] as const) {
    app.get(
      `/users/:id/${direction}`,
      {
        schema: {
          tags: ["follows"],
          summary:
            direction === "followers"
              ? "Members following this member, most recent first"
              : "Members this member follows, most recent first",
          params: idParamSchema,
          querystring: followListQuerySchema,
          response: { 200: z.array(userSummarySchema), ...errorResponses(400, 404) },
        },
      },
      async (request) => follows.list(request.params.id, direction, request.query),
    );
  }
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUserSchema, profileUpdateSchema, publicUserSchema } from "../../../common/auth";
import { idParamSchema } from "../../../common/http";
import { errorResponses } from "../../platform/http";
import { requireUser } from "../../platform/session";
import { profileRoutes } from "./profile-routes";
import { createUserService } from "./service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserService(app.ctx);
  // Posts, stats, activity and the avatar upload (multipart only inside that scope).
  await app.register(profileRoutes);

  app.put(
    "/profile",
    {
      schema: {
        tags: ["users"],
        summary: "Update the signed-in member's profile",
        body: profileUpdateSchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => users.updateProfile(requireUser(request), request.body),
  );

  app.get(
    "/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "A member's public profile",
        params: idParamSchema,
        response: { 200: publicUserSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => users.getPublic(request.params.id),
  );
};

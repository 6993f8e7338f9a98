import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUserSchema, loginSchema, registerSchema } from "../../../common/auth";
import { messageSchema } from "../../../common/http";
import { errorResponses } from "../../platform/http";
import { requireUser } from "../../platform/session";
import { presentCurrentUser } from "../users/public";
import { createAuthService } from "./service";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.ctx);

  app.post(
    "/auth/register",
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account and sign in",
        body: registerSchema,
        response: { 201: currentUserSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body, request, reply);
      return reply.status(201).send(user);
    },
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in by username",
        body: loginSchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => auth.login(request.body, request, reply),
  );

  app.post(
    "/auth/logout",
    { schema: { tags: ["auth"], summary: "Sign out", response: { 200: messageSchema } } },
    async (request, reply) => {
      await auth.logout(request, reply);
      return { message: "Signed out" };
    },
  );

  app.get(
    "/auth/me",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in member",
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = requireUser(request, "Please log in");
      return presentCurrentUser(user, user.isAdmin);
    },
  );
};

import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/auth";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { presentCurrentUser } from "../users/public";
import { createAuthService } from "./service";

/** src/common/api/auth.ts: signing up, in and out, and the current member. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const auth = createAuthService(app.ctx);

  serve(app, api.register, {}, async (request, reply) => auth.register(request.body, request, reply));
  serve(app, api.login, {}, async (request, reply) => auth.login(request.body, request, reply));
  serve(app, api.logout, {}, async (request, reply) => {
    await auth.logout(request, reply);
    return { message: "Signed out" };
  });
  serve(app, api.getMe, {}, async (request) => {
    const user = requireUser(request, "Please log in");
    return presentCurrentUser(user, user.isAdmin);
  });
};

import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./routes";

/** Registration, sign-in, sign-out and the current member. Announces `user.registered`. */
export const authFeature: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
};

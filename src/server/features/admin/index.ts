import type { FastifyPluginAsync } from "fastify";
import { adminRoutes } from "./routes";

/** The moderation dashboard and the member actions; admins only. */
export const adminFeature: FastifyPluginAsync = async (app) => {
  await app.register(adminRoutes);
};

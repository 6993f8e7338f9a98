import type { FastifyPluginAsync } from "fastify";
import { modelRequestRoutes } from "./routes";

/** Model requests (issue 23 item 6): members ask for missing models; admins accept, decline or merge. */
export const modelRequestsFeature: FastifyPluginAsync = async (app) => {
  await app.register(modelRequestRoutes);
};

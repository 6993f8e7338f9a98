import type { FastifyPluginAsync } from "fastify";
import { savedRoutes } from "./routes";

/** The member's saved items (the /saved page). */
export const savedFeature: FastifyPluginAsync = async (app) => {
  await app.register(savedRoutes);
};

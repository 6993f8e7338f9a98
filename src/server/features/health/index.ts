import type { FastifyPluginAsync } from "fastify";
import { healthRoutes } from "./routes";

/** The health check load balancers and the process tests poll. */
export const healthFeature: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
};

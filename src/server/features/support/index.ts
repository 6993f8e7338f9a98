import type { FastifyPluginAsync } from "fastify";
import { supportRoutes } from "./routes";

/** Support requests. */
export const supportFeature: FastifyPluginAsync = async (app) => {
  await app.register(supportRoutes);
};

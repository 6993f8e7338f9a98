import type { FastifyPluginAsync } from "fastify";
import { insightsRoutes } from "./routes";

/** The generation profiles with live figures. */
export const insightsFeature: FastifyPluginAsync = async (app) => {
  await app.register(insightsRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { exploreRoutes } from "./routes";

/** The explore page. */
export const exploreFeature: FastifyPluginAsync = async (app) => {
  await app.register(exploreRoutes);
};

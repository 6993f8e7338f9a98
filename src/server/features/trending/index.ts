import type { FastifyPluginAsync } from "fastify";
import { trendingRoutes } from "./routes";

/** Trending posts, models and tags. */
export const trendingFeature: FastifyPluginAsync = async (app) => {
  await app.register(trendingRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { analyticsRoutes } from "../analytics/routes";
import { creatorsRoutes } from "../creators/routes";
import { exploreRoutes } from "../explore/routes";
import { insightsRoutes } from "../insights/routes";
import { trendingRoutes } from "./routes";

/** Discovery (issue 9): trending, generational insights, explore, creators and analytics. */
export const discoveryRoutes: FastifyPluginAsync = async (app) => {
  await app.register(trendingRoutes);
  await app.register(insightsRoutes);
  await app.register(exploreRoutes);
  await app.register(creatorsRoutes);
  await app.register(analyticsRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { analyticsRoutes } from "./routes";

/** A member's analytics by plan, first-party usage events, and the admin's site-wide figures. */
export const analyticsFeature: FastifyPluginAsync = async (app) => {
  await app.register(analyticsRoutes);
};

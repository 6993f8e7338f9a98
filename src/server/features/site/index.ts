import type { FastifyPluginAsync } from "fastify";
import { siteRoutes } from "./routes";

/** Settings the client needs at run time. */
export const siteFeature: FastifyPluginAsync = async (app) => {
  await app.register(siteRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { statsRoutes } from "./routes";

/** The landing page's live community figures. */
export const statsFeature: FastifyPluginAsync = async (app) => {
  await app.register(statsRoutes);
};

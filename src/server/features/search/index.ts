import type { FastifyPluginAsync } from "fastify";
import { searchRoutes } from "./routes";

/** Global search. */
export const searchFeature: FastifyPluginAsync = async (app) => {
  await app.register(searchRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { creatorsRoutes } from "./routes";

/** The creators directory. */
export const creatorsFeature: FastifyPluginAsync = async (app) => {
  await app.register(creatorsRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { catalogRoutes } from "./routes";

/** Catalog editing and fresher facts (issue 23 items 5 and 7): admins create, edit, retire and verify models. */
export const catalogFeature: FastifyPluginAsync = async (app) => {
  await app.register(catalogRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { uploadRoutes } from "./routes";

/** Image uploads for posts. */
export const uploadsFeature: FastifyPluginAsync = async (app) => {
  await app.register(uploadRoutes);
};

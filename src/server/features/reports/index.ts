import type { FastifyPluginAsync } from "fastify";
import { reportRoutes } from "./routes";

/** Reports of content and members, and what administrators do about them. Announces `post.deleted`. */
export const reportsFeature: FastifyPluginAsync = async (app) => {
  await app.register(reportRoutes);
};

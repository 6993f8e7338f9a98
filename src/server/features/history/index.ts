import type { FastifyPluginAsync } from "fastify";
import { historyRoutes } from "./routes";

/** Edit history: the kept revisions of posts, comments, threads, replies, prompts and reviews. */
export const historyFeature: FastifyPluginAsync = async (app) => {
  await app.register(historyRoutes);
};

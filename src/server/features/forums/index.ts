import type { FastifyPluginAsync } from "fastify";
import { forumRoutes } from "./routes";
import { seedSteps } from "./seed";

/** Forums, threads and replies; seeds the starter forums and the demo threads. Announces `thread.replied` and `member.mentioned`. */
export const forumsFeature: FastifyPluginAsync = async (app) => {
  await app.register(forumRoutes);
  for (const step of seedSteps) app.ctx.seeds.add(step);
};

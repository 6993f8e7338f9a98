import type { FastifyPluginAsync } from "fastify";
import { followRoutes } from "./routes";
import { seedSteps } from "./seed";
import { followedTopics } from "./topics";

/** Following members; seeds the demo members' follows. Announces `user.followed`. */
export const followsFeature: FastifyPluginAsync = async (app) => {
  await app.register(followRoutes);
  followedTopics.register(app);
  for (const step of seedSteps) app.ctx.seeds.add(step);
};

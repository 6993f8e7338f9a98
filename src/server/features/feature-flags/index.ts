import type { FastifyPluginAsync } from "fastify";
import { featureFlagRoutes } from "./routes";
import { seedSteps } from "./seed";

/** Feature flags; seeds the default flags. */
export const featureFlagsFeature: FastifyPluginAsync = async (app) => {
  await app.register(featureFlagRoutes);
  for (const step of seedSteps) app.ctx.seeds.add(step);
};

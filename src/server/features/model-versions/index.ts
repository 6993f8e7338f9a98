import type { FastifyPluginAsync } from "fastify";
import { modelVersionRoutes } from "./routes";
import { seedSteps } from "./seed";

/**
 * Model versions (issue 23 item 4, decisions 0114, 0115): admins manage a model's versions; the
 * model page shows the rating per version and whether the newest version's ratings changed.
 * Seeds demo versions (and demo reviews of them).
 */
export const modelVersionsFeature: FastifyPluginAsync = async (app) => {
  await app.register(modelVersionRoutes);
  for (const step of seedSteps) app.ctx.seeds.add(step);
};

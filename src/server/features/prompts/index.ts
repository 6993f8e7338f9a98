import type { FastifyPluginAsync } from "fastify";
import { promptRoutes } from "./routes";
import { seedSteps } from "./seed";

/** The prompt library; seeds the starter prompts and their demo activity. Announces `prompt.liked`. */
export const promptsFeature: FastifyPluginAsync = async (app) => {
  await app.register(promptRoutes);
  for (const step of seedSteps) app.ctx.seeds.add(step);
};

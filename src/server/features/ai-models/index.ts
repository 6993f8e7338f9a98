import type { FastifyPluginAsync } from "fastify";
import { linkRatingPosts } from "./rating-link";
import { aiModelRoutes } from "./routes";
import { seedSteps } from "./seed";

/**
 * The AI model directory: catalog, ratings, comments, likes, bookmarks; seeds the catalog.
 * Listens for rating posts and deleted posts (the feed's ratings are the model's reviews).
 * Announces `model.commented`.
 */
export const aiModelsFeature: FastifyPluginAsync = async (app) => {
  await app.register(aiModelRoutes);
  linkRatingPosts(app.ctx);
  for (const step of seedSteps) app.ctx.seeds.add(step);
};

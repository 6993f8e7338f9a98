import type { FastifyPluginAsync } from "fastify";
import { postRoutes } from "./routes";
import { seedSteps } from "./seed";

/**
 * The feed: posts, likes, comments and replies; seeds the demo posts. Announces `post.created`,
 * `post.rating-created`, `post.deleted`, `post.liked`, `post.commented`, `comment.replied` and
 * `member.mentioned`.
 */
export const postsFeature: FastifyPluginAsync = async (app) => {
  await app.register(postRoutes);
  for (const step of seedSteps) app.ctx.seeds.add(step);
};

import type { FastifyPluginAsync } from "fastify";
import { demoMembersSeed } from "../../db/seed/demo-members";
import { userRoutes } from "./routes";

/** Members' profiles: their posts, stats, activity and avatars; seeds the demo members. */
export const usersFeature: FastifyPluginAsync = async (app) => {
  await app.register(userRoutes);
  app.ctx.seeds.add(demoMembersSeed);
};

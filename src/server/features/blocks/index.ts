import type { FastifyPluginAsync } from "fastify";
import { registerFilterCache } from "./filters";
import { blockRoutes } from "./routes";

/**
 * Blocking members and muting members, threads, forums and hashtags (issue 21 item 2). The other
 * features filter their reads with `viewerFilter` (public.ts); this plugin owns the cache of it.
 */
export const blocksFeature: FastifyPluginAsync = async (app) => {
  registerFilterCache(app);
  await app.register(blockRoutes);
};

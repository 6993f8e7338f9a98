import type { FastifyPluginAsync } from "fastify";
import { pushRoutes } from "./routes";
import { definePushJob } from "./service";

/** Web Push: browser subscriptions, and the `push.send` job that delivers to them. */
export const pushFeature: FastifyPluginAsync = async (app) => {
  await app.register(pushRoutes);
  // Pushes are jobs: in flight at close, they finish or go back to the queue (platform/jobs.ts).
  definePushJob(app.ctx);
};

import type { FastifyPluginAsync } from "fastify";
import { exportRoutes } from "./routes";
import {
  buildExport,
  EXPORT_JOB,
  EXPORT_SWEEP_JOB,
  EXPORT_SWEEP_SECONDS,
  sweepExpiredExports,
} from "./service";

/**
 * "Take your data with you" (issue 21 item 6, docs/decisions/0107): the routes, the job that
 * builds a member's ZIP (pg-boss; retried twice, then the request is marked failed) and the hourly
 * sweep that deletes exports past their 7 days.
 */
export const exportFeature: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  await app.register(exportRoutes);
  ctx.jobs.define<{ exportId: number }>(EXPORT_JOB, (data, job) => buildExport(ctx, data.exportId, job), {
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 30 * 60,
  });
  ctx.jobs.every(EXPORT_SWEEP_JOB, EXPORT_SWEEP_SECONDS, async () => {
    await sweepExpiredExports(ctx);
  });
};

import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/health";
import { serve } from "../../platform/contract";

/** src/common/api/health.ts: liveness and readiness. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  serve(app, api.health, {}, async () => ({ status: "ok" as const, uptime: process.uptime() }));

  serve(app, api.ready, {}, async (_request, reply) => {
    try {
      await Promise.race([
        app.ctx.database.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("database ping timed out")), 2000).unref(),
        ),
      ]);
      const redis = app.ctx.redis;
      return {
        status: "ready" as const,
        database: app.ctx.database.kind,
        // Without Redis the app runs on in-process limits and pub/sub (docs/reliability.md).
        redis: !redis ? ("off" as const) : redis.status === "ready" ? ("up" as const) : ("down" as const),
      };
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, "readiness check failed");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ code: "unavailable", message: "Database unavailable" });
    }
  });
};

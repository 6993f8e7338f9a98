import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../platform/http";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["ops"],
        summary: "Liveness: the process answers",
        response: { 200: z.object({ status: z.literal("ok"), uptime: z.number() }) },
      },
    },
    async () => ({ status: "ok" as const, uptime: process.uptime() }),
  );

  app.get(
    "/ready",
    {
      schema: {
        tags: ["ops"],
        summary: "Readiness: the database answers (Redis is reported, but only degrades the app)",
        response: {
          200: z.object({
            status: z.literal("ready"),
            database: z.string(),
            redis: z.enum(["up", "down", "off"]),
          }),
          ...errorResponses(503),
        },
      },
    },
    async (_request, reply) => {
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
    },
  );
};

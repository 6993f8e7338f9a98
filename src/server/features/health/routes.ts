import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
        summary: "Readiness: the database answers",
        response: {
          200: z.object({ status: z.literal("ready"), database: z.string() }),
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
        return { status: "ready" as const, database: app.ctx.database.kind };
      } catch (err) {
        app.log.warn({ err }, "readiness check failed");
        return reply.status(503).send({ message: "Database unavailable" });
      }
    },
  );
};

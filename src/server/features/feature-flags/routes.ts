import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminFeatureFlagSchema,
  featureFlagSchema,
  featureFlagUpdateSchema,
  flagKeyParamSchema,
} from "../../../common/feature-flags";
import { errorResponses } from "../../platform/http";
import { requireAdmin } from "../../platform/session";
import { adminOnly } from "../admin/public";
import { createFeatureFlagService } from "./service";

/** SPEC §3/§9 feature flags: the caller's active flags, and the admin tab's list and edits. */
export const featureFlagRoutes: FastifyPluginAsyncZod = async (app) => {
  const flags = createFeatureFlagService(app.ctx);

  app.get(
    "/feature-flags",
    {
      schema: {
        tags: ["feature-flags"],
        summary:
          "The flags active for the caller: environment from the Host name, rollout by member (SPEC §9)",
        response: { 200: z.array(featureFlagSchema) },
      },
    },
    async (request, reply) => {
      // The answer depends on the member and the host: never shared by caches.
      reply.header("cache-control", "private, no-store");
      reply.header("vary", "cookie, host");
      return flags.activeFor(request.user, request.hostname);
    },
  );

  app.get(
    "/admin/feature-flags",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Every feature flag with its rules",
        response: { 200: z.array(adminFeatureFlagSchema), ...errorResponses(401, 403) },
      },
    },
    async () => flags.all(),
  );

  app.put(
    "/admin/feature-flags/:key",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Change a flag's enabled state, rollout percentage or environments",
        params: flagKeyParamSchema,
        body: featureFlagUpdateSchema,
        response: { 200: adminFeatureFlagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => flags.update(requireAdmin(request), request.params.key, request.body),
  );
};

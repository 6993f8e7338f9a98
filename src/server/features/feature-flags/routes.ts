import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/feature-flags";
import { serve } from "../../platform/contract";
import { requireAdmin } from "../../platform/session";
import { adminOnly } from "../admin/public";
import { createFeatureFlagService } from "./service";

/** SPEC §3/§9 feature flags (src/common/api/feature-flags.ts): the caller's active flags, and the admin tab's list and edits. */
export const featureFlagRoutes: FastifyPluginAsync = async (app) => {
  const flags = createFeatureFlagService(app.ctx);

  serve(app, api.listActiveFlags, {}, async (request, reply) => {
    // The answer depends on the member and the host: never shared by caches.
    reply.header("cache-control", "private, no-store");
    reply.header("vary", "cookie, host");
    return flags.activeFor(request.user, request.hostname);
  });
  serve(app, api.listFlags, { onRequest: adminOnly }, async () => flags.all());
  serve(app, api.updateFlag, { onRequest: adminOnly }, async (request) =>
    flags.update(requireAdmin(request), request.params.key, request.body),
  );
};

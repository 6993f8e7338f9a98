import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/analytics";
import { serve } from "../../platform/contract";
import { requireAdmin, requireUser } from "../../platform/session";
import { createAnalyticsService } from "./service";

/**
 * A member's analytics by plan, first-party usage events, and the admin's site-wide figures
 * (src/common/api/analytics.ts).
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const analytics = createAnalyticsService(app.ctx);

  serve(app, api.personalAnalytics, {}, async (request) =>
    analytics.personal(requireUser(request, "Please log in to see your analytics"), request.query),
  );
  serve(app, api.recordUsageEvent, {}, async (request) =>
    analytics.record(request.user, request.body, {
      ip: request.ip,
      userAgent: String(request.headers["user-agent"] ?? "").slice(0, 300),
      host: request.hostname,
    }),
  );
  serve(app, api.siteAnalytics, {}, async (request) => {
    requireAdmin(request);
    return analytics.site();
  });
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  analyticsQuerySchema,
  personalAnalyticsSchema,
  siteAnalyticsSchema,
  usageEventResultSchema,
  usageEventSchema,
} from "../../../common/analytics";
import { errorResponses } from "../../platform/http";
import { requireAdmin, requireUser } from "../../platform/session";
import { createAnalyticsService } from "./service";

/** A member's analytics by plan, first-party usage events, and the admin's site-wide figures. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = createAnalyticsService(app.ctx);

  app.get(
    "/analytics/me",
    {
      schema: {
        tags: ["analytics"],
        summary:
          "Your posts' analytics for 7d or 30d: level none (Free), basic totals (Basic) or advanced (Pro, Premium)",
        querystring: analyticsQuerySchema,
        response: { 200: personalAnalyticsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      analytics.personal(requireUser(request, "Please log in to see your analytics"), request.query),
  );

  app.post(
    "/analytics/events",
    {
      schema: {
        tags: ["analytics"],
        summary:
          "Record a page view or identify (sent only after cookie consent); stored as daily aggregates, sets no cookie",
        body: usageEventSchema,
        response: { 202: usageEventResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const result = await analytics.record(request.user, request.body, {
        ip: request.ip,
        userAgent: String(request.headers["user-agent"] ?? "").slice(0, 300),
        host: request.hostname,
      });
      return reply.status(202).send(result);
    },
  );

  app.get(
    "/admin/analytics",
    {
      schema: {
        tags: ["analytics"],
        summary: "Site-wide daily active members, visitors, page views and top pages over 30 days (admins)",
        response: { 200: siteAnalyticsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return analytics.site();
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { reportGroupSchema, reportResolveSchema } from "../../../common/admin";
import { messageSchema, pageQuerySchema } from "../../../common/http";
import { REPORT_MESSAGES, reportCreatedSchema, reportCreateSchema } from "../../../common/reports";
import { errorResponses } from "../../platform/http";
import { requireAdmin, requireUser } from "../../platform/session";
import { adminOnly } from "../admin/public";
import { createReportService } from "./service";

/** Members report content or members; admins work through the open reports. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = createReportService(app.ctx);

  app.post(
    "/reports",
    {
      schema: {
        tags: ["reports"],
        summary: "Report a post, comment, thread, reply, prompt or member (one open report per item)",
        body: reportCreateSchema,
        response: { 201: reportCreatedSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await reports.create(requireUser(request, REPORT_MESSAGES.loginRequired), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/admin/reports",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Open reports grouped by item, most recently reported first (limit/cursor = latestReportId)",
        querystring: pageQuerySchema,
        response: { 200: z.array(reportGroupSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reports.openGroups(request.query),
  );

  app.post(
    "/admin/reports/resolve",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin"],
        summary:
          "Dismiss, remove the content, or warn, rate-limit or ban its author; closes the item's reports",
        body: reportResolveSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => reports.resolve(requireAdmin(request), request.body),
  );
};

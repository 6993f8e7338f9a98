import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/reports";
import { REPORT_MESSAGES } from "../../../common/reports";
import { serve } from "../../platform/contract";
import { requireAdmin, requireUser } from "../../platform/session";
import { adminOnly } from "../admin/public";
import { createReportService } from "./service";

/** Members report content or members; admins work through the open reports (src/common/api/reports.ts). */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  const reports = createReportService(app.ctx);

  serve(app, api.createReport, {}, async (request) =>
    reports.create(requireUser(request, REPORT_MESSAGES.loginRequired), request.body),
  );
  serve(app, api.listOpenReports, { onRequest: adminOnly }, async (request) =>
    reports.openGroups(request.query),
  );
  serve(app, api.resolveReports, { onRequest: adminOnly }, async (request) =>
    reports.resolve(requireAdmin(request), request.body),
  );
};

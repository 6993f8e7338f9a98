import { z } from "zod";
import { reportGroupSchema, reportResolveSchema } from "../admin";
import { messageSchema, pageQuerySchema } from "../http";
import { reportCreatedSchema, reportCreateSchema } from "../reports";
import { route } from "./route";

/** Members report content or members; admins work through the open reports. */
export const createReport = route("POST", "/api/reports", "member", () => ({
  tags: ["reports"],
  summary: "Report a post, comment, thread, reply, prompt or member (one open report per item)",
  body: reportCreateSchema,
  response: reportCreatedSchema,
  status: 201,
  errors: [400, 401, 404, 409],
}));

export const listOpenReports = route("GET", "/api/admin/reports", "admin", () => ({
  tags: ["admin"],
  summary: "Open reports grouped by item, most recently reported first (limit/cursor = latestReportId)",
  query: pageQuerySchema,
  response: z.array(reportGroupSchema),
  errors: [400, 401, 403],
}));

export const resolveReports = route("POST", "/api/admin/reports/resolve", "admin", () => ({
  tags: ["admin"],
  summary: "Dismiss, remove the content, or warn, rate-limit or ban its author; closes the item's reports",
  body: reportResolveSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
}));

import { z } from "zod";
import { dataExportSchema, exportStateSchema } from "../export";
import { idParamSchema } from "../http";
import { route } from "./route";

/** "Take your data with you" (docs/decisions/0107): a ZIP of the member's data, prepared in the background. */
const tags = ["export"];

export const getExportState = route("GET", "/api/account/exports", "member", () => ({
  tags,
  summary: "The member's latest data export and when a new one may be requested",
  response: exportStateSchema,
  errors: [401],
}));

export const requestExport = route("POST", "/api/account/exports", "member", () => ({
  tags,
  summary:
    "Ask for a ZIP of everything the member made or set (one a day; a pending request is answered again)",
  response: dataExportSchema,
  status: 202,
  errors: [401, 429],
}));

/**
 * The ZIP itself, to its owner only (another member's id answers 404 as a missing one does),
 * for 7 days (then 410, code `export_expired`).
 */
export const downloadExport = route("GET", "/api/account/exports/:id/download", "member", () => ({
  tags,
  summary: "Download a ready export (application/zip, as an attachment; the owner only, for 7 days)",
  params: idParamSchema,
  response: z.any().describe("The ZIP (application/zip)"),
  errors: [400, 401, 404, 409, 410],
}));

import { z } from "zod";

/**
 * "Take your data with you" (issue 21 item 6, docs/decisions/0107): a member asks for a ZIP of
 * everything they made or set; a background job prepares it; the owner downloads it for 7 days.
 */
export const EXPORT_TTL_DAYS = 7;
export const EXPORT_TTL_MS = EXPORT_TTL_DAYS * 24 * 60 * 60 * 1000;
/** One request a day per member: a pending request is reused, not counted twice. */
export const EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The page where a member asks for and downloads their export (linked from notifications and mail). */
export const EXPORT_PAGE_PATH = "/settings/data";

export const EXPORT_STATUSES = ["pending", "ready", "failed", "expired"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const EXPORT_MESSAGES = {
  loginRequired: "Please log in to export your data",
  notFound: "Export not found",
  expired: "This export has expired: exports can be downloaded for 7 days. Request a new one.",
  notReady: "This export is still being prepared",
  ready: "Your data export is ready to download",
  requested: "Your export is being prepared. We will notify you and email you when it is ready.",
} as const;

/** The 429 answer: when the next request is possible (an ISO timestamp, formatted by the caller). */
export function exportRateLimitMessage(nextAt: Date): string {
  const when = `${nextAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `Export rate limit: you can request one export a day. Your next export is possible from ${when}.`;
}

export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Ready exports only: when the file is removed. */
  expiresAt: z.string().nullable(),
  /** Ready exports only: the ZIP's size in bytes. */
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The member's latest export (or none) and when a new request is possible (null: now). */
export const exportStateSchema = z.object({
  latest: dataExportSchema.nullable(),
  nextRequestAt: z.string().nullable(),
});
export type ExportState = z.infer<typeof exportStateSchema>;

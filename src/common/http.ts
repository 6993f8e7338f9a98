import { z } from "zod";
import { LIMITS } from "./constants";

/**
 * Every error answer of the API (DESIGN §4): `code` is a stable machine-readable reason that
 * clients branch on (`validation_failed`, `content_prohibited`, `rate_limited`, `username_taken`,
 * `not_found`, …; docs/decisions/0075); `message` is what the user reads; `fields` (validation
 * 400s) maps each invalid field's path (`"username"`, `"links.0.url"`) to its message.
 */
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** The page of what a refusal is about (a duplicate's existing request or model). */
  url: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

/** Path parameter `:id` — a positive integer id. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: "id must be a number" })
    .int("id must be a whole number")
    .positive("id must be positive")
    .max(2_147_483_647, "id is too large"),
});

/** `limit` / `cursor` keyset pagination of every list (DESIGN §4). */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(LIMITS.pageSizeMax, `limit must be at most ${LIMITS.pageSizeMax}`)
    .default(LIMITS.pageSizeDefault),
  cursor: z.coerce
    .number({ error: "cursor must be a number" })
    .int("cursor must be a whole number")
    .positive("cursor must be positive")
    .max(2_147_483_647, "cursor is too large")
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Text a person typed: no control characters except newline and tab. */
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

export function plainText(field: string) {
  return z.string({ error: `${field} must be text` }).refine((v) => !CONTROL_CHARS.test(v), {
    message: `${field} contains characters that are not allowed`,
  });
}

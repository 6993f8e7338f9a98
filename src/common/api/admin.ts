import { z } from "zod";
import {
  adminUserListQuerySchema,
  adminUserSchema,
  auditEntrySchema,
  banSchema,
  moderationSettingsUpdateSchema,
  moderationStatsSchema,
  rateLimitSchema,
  unbanSchema,
  warnSchema,
} from "../admin";
import { idParamSchema, pageQuerySchema } from "../http";
import { moderationActionSchema, moderationSettingsSchema } from "../moderation";
import { API_PREFIX, route } from "./route";

/** The moderation dashboard's calls (SPEC §7) and the member actions; admins only. */
const tags = ["admin"];

/** Every admin route's path starts with it (the dashboard refreshes all of them after an action). */
export const ADMIN_API_PREFIX = `${API_PREFIX}/admin`;

export const getModerationStats = route("GET", "/api/admin/moderation-stats", "admin", () => ({
  tags,
  summary: "Dashboard counters: posts, blocked texts, rate-limited and banned members",
  response: moderationStatsSchema,
  errors: [401, 403],
}));

export const listModerationActions = route("GET", "/api/admin/moderation-actions", "admin", () => ({
  tags,
  summary: "The moderation pipeline's refusals, newest first (limit/cursor)",
  query: pageQuerySchema,
  response: z.array(moderationActionSchema),
  errors: [400, 401, 403],
}));

export const getModerationSettings = route("GET", "/api/admin/moderation-settings", "admin", () => ({
  tags,
  summary: "The moderation settings in force",
  response: moderationSettingsSchema,
  errors: [401, 403],
}));

export const updateModerationSettings = route("PUT", "/api/admin/moderation-settings", "admin", () => ({
  tags,
  summary: "Change the moderation settings; every instance applies them at once",
  body: moderationSettingsUpdateSchema,
  response: moderationSettingsSchema,
  errors: [400, 401, 403],
}));

export const listAuditLog = route("GET", "/api/admin/audit-log", "admin", () => ({
  tags,
  summary: "Every admin action (who, what, when, why), newest first (limit/cursor)",
  query: pageQuerySchema,
  response: z.array(auditEntrySchema),
  errors: [400, 401, 403],
}));

export const listMembers = route("GET", "/api/admin/users", "admin", () => ({
  tags,
  summary: "Members with their restrictions: restricted ones (default) or all; q filters by name",
  query: adminUserListQuerySchema,
  response: z.array(adminUserSchema),
  errors: [400, 401, 403],
}));

export const banMember = route("POST", "/api/admin/users/:id/ban", "admin", () => ({
  tags,
  summary: "Ban a member: they cannot sign in or post, and their sessions end at once",
  params: idParamSchema,
  body: banSchema,
  response: adminUserSchema,
  errors: [400, 401, 403, 404],
}));

export const unbanMember = route("POST", "/api/admin/users/:id/unban", "admin", () => ({
  tags,
  summary: "Lift a ban",
  params: idParamSchema,
  body: unbanSchema,
  response: adminUserSchema,
  errors: [400, 401, 403, 404],
}));

export const rateLimitMember = route("POST", "/api/admin/users/:id/rate-limit", "admin", () => ({
  tags,
  summary: "Refuse a member's new content (429) for a number of hours",
  params: idParamSchema,
  body: rateLimitSchema,
  response: adminUserSchema,
  errors: [400, 401, 403, 404],
}));

export const liftRateLimit = route("DELETE", "/api/admin/users/:id/rate-limit", "admin", () => ({
  tags,
  summary: "Lift a member's rate limit",
  params: idParamSchema,
  response: adminUserSchema,
  errors: [400, 401, 403, 404],
}));

export const warnMember = route("POST", "/api/admin/users/:id/warn", "admin", () => ({
  tags,
  summary: "Send a member a warning from the moderators (a notification)",
  params: idParamSchema,
  body: warnSchema,
  response: adminUserSchema,
  errors: [400, 401, 403, 404],
}));

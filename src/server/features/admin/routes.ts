import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
} from "../../../common/admin";
import { idParamSchema, pageQuerySchema } from "../../../common/http";
import { moderationActionSchema, moderationSettingsSchema } from "../../../common/moderation";
import { errorResponses } from "../../platform/http";
import { closePubSub } from "../../platform/pubsub";
import { requireAdmin } from "../../platform/session";
import { adminOnly } from "./guard";
import { createAdminService } from "./service";
import { listenForSettingsChanges } from "./settings-sync";

const tags = ["admin"];
const denied = errorResponses(401, 403);

/** The moderation dashboard's calls (SPEC §7) and the member actions; admins only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = createAdminService(app.ctx);
  const stopListening = listenForSettingsChanges(app.ctx);
  app.addHook("onClose", async () => {
    stopListening();
    await closePubSub(app.ctx);
  });

  app.get(
    "/admin/moderation-stats",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Dashboard counters: posts, blocked texts, rate-limited and banned members",
        response: { 200: moderationStatsSchema, ...denied },
      },
    },
    async () => admin.stats(),
  );

  app.get(
    "/admin/moderation-actions",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "The moderation pipeline's refusals, newest first (limit/cursor)",
        querystring: pageQuerySchema,
        response: { 200: z.array(moderationActionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => admin.actions(request.query),
  );

  app.get(
    "/admin/moderation-settings",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "The moderation settings in force",
        response: { 200: moderationSettingsSchema, ...denied },
      },
    },
    async () => admin.settings(),
  );

  app.put(
    "/admin/moderation-settings",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Change the moderation settings; every instance applies them at once",
        body: moderationSettingsUpdateSchema,
        response: { 200: moderationSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => admin.updateSettings(requireAdmin(request), request.body),
  );

  app.get(
    "/admin/audit-log",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Every admin action (who, what, when, why), newest first (limit/cursor)",
        querystring: pageQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => admin.auditLog(request.query),
  );

  app.get(
    "/admin/users",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Members with their restrictions: restricted ones (default) or all; q filters by name",
        querystring: adminUserListQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => admin.listMembers(request.query),
  );

  app.post(
    "/admin/users/:id/ban",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Ban a member: they cannot sign in or post, and their sessions end at once",
        params: idParamSchema,
        body: banSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => admin.members.ban(requireAdmin(request), request.params.id, request.body.reason),
  );

  app.post(
    "/admin/users/:id/unban",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Lift a ban",
        params: idParamSchema,
        body: unbanSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => admin.members.unban(requireAdmin(request), request.params.id, request.body.reason),
  );

  app.post(
    "/admin/users/:id/rate-limit",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Refuse a member's new content (429) for a number of hours",
        params: idParamSchema,
        body: rateLimitSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      admin.members.rateLimit(
        requireAdmin(request),
        request.params.id,
        request.body.hours,
        request.body.reason,
      ),
  );

  app.delete(
    "/admin/users/:id/rate-limit",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Lift a member's rate limit",
        params: idParamSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => admin.members.liftRateLimit(requireAdmin(request), request.params.id),
  );

  app.post(
    "/admin/users/:id/warn",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Send a member a warning from the moderators (a notification)",
        params: idParamSchema,
        body: warnSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      admin.members.warn(requireAdmin(request), request.params.id, request.body.message, request.body.reason),
  );
};

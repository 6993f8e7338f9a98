import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/admin";
import { serve } from "../../platform/contract";
import { closePubSub } from "../../platform/pubsub";
import { requireAdmin } from "../../platform/session";
import { adminOnly } from "./guard";
import { createAdminService } from "./service";
import { listenForSettingsChanges } from "./settings-sync";

const ADMINS = { onRequest: adminOnly };

/** The moderation dashboard's calls (src/common/api/admin.ts: SPEC §7) and the member actions; admins only. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const admin = createAdminService(app.ctx);
  const stopListening = listenForSettingsChanges(app.ctx);
  app.addHook("onClose", async () => {
    stopListening();
    await closePubSub(app.ctx);
  });

  serve(app, api.getModerationStats, ADMINS, async () => admin.stats());
  serve(app, api.listModerationActions, ADMINS, async (request) => admin.actions(request.query));
  serve(app, api.getModerationSettings, ADMINS, async () => admin.settings());
  serve(app, api.updateModerationSettings, ADMINS, async (request) =>
    admin.updateSettings(requireAdmin(request), request.body),
  );
  serve(app, api.listAuditLog, ADMINS, async (request) => admin.auditLog(request.query));
  serve(app, api.listMembers, ADMINS, async (request) => admin.listMembers(request.query));
  serve(app, api.banMember, ADMINS, async (request) =>
    admin.members.ban(requireAdmin(request), request.params.id, request.body.reason),
  );
  serve(app, api.unbanMember, ADMINS, async (request) =>
    admin.members.unban(requireAdmin(request), request.params.id, request.body.reason),
  );
  serve(app, api.rateLimitMember, ADMINS, async (request) =>
    admin.members.rateLimit(
      requireAdmin(request),
      request.params.id,
      request.body.hours,
      request.body.reason,
    ),
  );
  serve(app, api.liftRateLimit, ADMINS, async (request) =>
    admin.members.liftRateLimit(requireAdmin(request), request.params.id),
  );
  serve(app, api.warnMember, ADMINS, async (request) =>
    admin.members.warn(requireAdmin(request), request.params.id, request.body.message, request.body.reason),
  );
};

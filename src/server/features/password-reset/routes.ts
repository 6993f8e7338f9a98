import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/password-reset";
import { serve } from "../../platform/contract";
import { settleWithin } from "../../platform/mail";
import { endSession } from "../../platform/session";
import { createPasswordResetService, settlePasswordResetTasks } from "./service";

/** src/common/api/password-reset.ts: forgot-password and reset-password. */
export const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const service = createPasswordResetService(app.ctx);
  // Requests answered just before shutdown still get their mail (bounded: shutdown must finish).
  app.addHook("onClose", async () => settleWithin([settlePasswordResetTasks(app.ctx)], 5_000));

  serve(app, api.forgotPassword, {}, async (request) => service.requestReset(request.body, request.ip));
  serve(app, api.resetPassword, {}, async (request, reply) => {
    const { message, userId } = await service.resetPassword(request.body, request.ip);
    // The session this request came with (if it was the member's) is gone: drop its cookie too.
    if (request.user?.id === userId) await endSession(app.ctx, request, reply);
    return { message };
  });
};

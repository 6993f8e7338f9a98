import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "../../../common/http";
import { forgotPasswordSchema, resetPasswordSchema } from "../../../common/password-reset";
import { errorResponses } from "../../platform/http";
import { settleWithin } from "../../platform/mail";
import { endSession } from "../../platform/session";
import { createPasswordResetService, settlePasswordResetTasks } from "./service";

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPasswordResetService(app.ctx);
  // Requests answered just before shutdown still get their mail (bounded: shutdown must finish).
  app.addHook("onClose", async () => settleWithin([settlePasswordResetTasks(app.ctx)], 5_000));

  app.post(
    "/auth/forgot-password",
    {
      schema: {
        tags: ["auth"],
        summary: "Email a password reset link (same answer whether or not the account exists)",
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.requestReset(request.body, request.ip),
  );

  app.post(
    "/auth/reset-password",
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a reset token; ends every session of the member",
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { message, userId } = await service.resetPassword(request.body, request.ip);
      // The session this request came with (if it was the member's) is gone: drop its cookie too.
      if (request.user?.id === userId) await endSession(app.ctx, request, reply);
      return { message };
    },
  );
};

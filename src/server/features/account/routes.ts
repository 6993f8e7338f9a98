import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/account";
import { serve } from "../../platform/contract";
import { addressKey } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { createEmailVerificationService } from "./email-verification";
import { createAccountService } from "./service";

/** Account settings (src/common/api/account.ts): email, password, notification preferences, deletion; email verification. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const account = createAccountService(app.ctx);
  const verification = createEmailVerificationService(app.ctx);
  const verifyByAddress = app.ctx.limiter({ name: "verify-email-ip", points: 30, durationSec: 15 * 60 });

  serve(app, api.verifyEmail, {}, async (request) => {
    await verifyByAddress.consume(addressKey(request.ip));
    const { message } = await verification.verify(request.body.token);
    return { message };
  });
  serve(app, api.resendVerificationEmail, {}, async (request) => verification.resend(requireUser(request)));
  serve(app, api.getNotificationPreferences, {}, async (request) =>
    account.preferences(requireUser(request)),
  );
  serve(app, api.updateNotificationPreferences, {}, async (request) =>
    account.updatePreferences(requireUser(request), request.body),
  );
  serve(app, api.changeEmail, {}, async (request) =>
    account.changeEmail(requireUser(request), request.body, request),
  );
  serve(app, api.changePassword, {}, async (request) =>
    account.changePassword(requireUser(request), request.body, request),
  );
  serve(app, api.deleteAccount, {}, async (request, reply) =>
    account.deleteAccount(requireUser(request), request.body, request, reply),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUserSchema } from "../../../common/auth";
import { verifyEmailSchema } from "../../../common/email-verification";
import { messageSchema } from "../../../common/http";
import {
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from "../../../common/notifications";
import { accountDeleteSchema, emailChangeSchema, passwordChangeSchema } from "../../../common/social";
import { errorResponses } from "../../platform/http";
import { addressKey } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { createEmailVerificationService } from "./email-verification";
import { createAccountService } from "./service";

/** Account settings: email, password, notification preferences, deletion; email verification. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = createAccountService(app.ctx);
  const verification = createEmailVerificationService(app.ctx);
  const verifyByAddress = app.ctx.limiter({ name: "verify-email-ip", points: 30, durationSec: 15 * 60 });

  app.post(
    "/auth/verify-email",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Verify an email address with the token of the link mailed to it (once, within 24 hours; signed in or not)",
        body: verifyEmailSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await verifyByAddress.consume(addressKey(request.ip));
      const { message } = await verification.verify(request.body.token);
      return { message };
    },
  );

  app.post(
    "/account/verification-email",
    {
      schema: {
        tags: ["account"],
        summary: "Mail a new verification link to the signed-in member's address (3 an hour)",
        response: { 200: messageSchema, ...errorResponses(401, 409, 429) },
      },
    },
    async (request) => verification.resend(requireUser(request)),
  );

  app.get(
    "/account/notification-preferences",
    {
      schema: {
        tags: ["account"],
        summary: "Notification choices per kind (follow, like, comment, reply, mention) and channel",
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => account.preferences(requireUser(request)),
  );

  app.put(
    "/account/notification-preferences",
    {
      schema: {
        tags: ["account"],
        summary: "Change notification choices (only the kinds and channels sent)",
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => account.updatePreferences(requireUser(request), request.body),
  );

  app.put(
    "/account/email",
    {
      schema: {
        tags: ["account"],
        summary:
          "Change the email address (needs the current password): it is unverified until the link mailed to it is followed, and other devices are signed out",
        body: emailChangeSchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => account.changeEmail(requireUser(request), request.body, request),
  );

  app.put(
    "/account/password",
    {
      schema: {
        tags: ["account"],
        summary: "Change the password (other devices are signed out)",
        body: passwordChangeSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => account.changePassword(requireUser(request), request.body, request),
  );

  app.delete(
    "/account",
    {
      schema: {
        tags: ["account"],
        summary: "Delete the account and everything the member wrote (password and the word DELETE)",
        body: accountDeleteSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => account.deleteAccount(requireUser(request), request.body, request, reply),
  );
};

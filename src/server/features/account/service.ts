import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AUTH_MESSAGES } from "../../../common/auth";
import { PRODUCT_NAME } from "../../../common/constants";
import type { NotificationPreferencesUpdate } from "../../../common/notifications";
import {
  type AccountDeleteInput,
  type EmailChangeInput,
  type PasswordChangeInput,
  SOCIAL_MESSAGES,
} from "../../../common/social";
import { queryRows } from "../../db/connect";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/http";
import { escapeHtml, oneLine } from "../../platform/mail-templates";
import { hashPassword, verifyPassword } from "../../platform/password";
import { endAllSessions, endSession, isAdmin } from "../../platform/session";
import { refreshRatingPrior } from "../ai-models/public";
import { memberExportFiles, removeExportFiles } from "../export/public";
import { getNotificationPreferences, updateNotificationPreferences } from "../notifications/public";
import { streamRegistry } from "../notifications/public";
import { removeUpload } from "../uploads/public";
import { removeAvatarFile } from "../users/public";
import { presentCurrentUser } from "../users/public";
import { findUserByEmail, findUserById, updateUser } from "../users/public";
import { deleteMemberData, hasActivePaidSubscription } from "./deletion";
import { deleteVerificationTokens, sendVerificationLink } from "./email-verification";

function notice(username: string, lines: string[]) {
  const text = [`Hi ${oneLine(username)},`, "", ...lines, "", `— ${PRODUCT_NAME}`].join("\n");
  const html = [
    `<p>Hi ${escapeHtml(oneLine(username))},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
  ].join("\n");
  return { text, html };
}

export function createAccountService(ctx: AppContext) {
  // Password checks are guessing opportunities: counted per member like logins.
  const passwordAttempts = ctx.limiter({ name: "account-password", points: 10, durationSec: 15 * 60 });

  async function checkPassword(user: SessionUser, password: string): Promise<void> {
    await passwordAttempts.consume(
      String(user.id),
      "Too many password attempts: rate limit reached. Please try again in 15 minutes.",
    );
    const row = await findUserById(ctx.db, user.id);
    if (!row) throw notFound(SOCIAL_MESSAGES.userNotFound);
    if (!(await verifyPassword(password, row.passwordHash)))
      throw badRequest(SOCIAL_MESSAGES.wrongPassword, "wrong_password");
    await passwordAttempts.reset(String(user.id));
  }

  return {
    preferences(user: SessionUser) {
      return getNotificationPreferences(ctx.db, user.id);
    },

    updatePreferences(user: SessionUser, update: NotificationPreferencesUpdate) {
      return updateNotificationPreferences(ctx.db, user.id, update, ctx.now());
    },

    async changeEmail(user: SessionUser, input: EmailChangeInput, request: FastifyRequest) {
      await checkPassword(user, input.password);
      const email = input.email.toLowerCase();
      if (email === user.email.toLowerCase()) throw badRequest(SOCIAL_MESSAGES.emailUnchanged);
      const taken = await findUserByEmail(ctx.db, email);
      if (taken && taken.id !== user.id) throw conflict(AUTH_MESSAGES.emailTaken, "email_taken");
      // A new address is unverified until its link is followed (issue 25: an ADMIN_EMAILS address
      // grants nothing before), and every other device is signed out.
      const row = await ctx.db
        .transaction(async (tx) => {
          const updated = await updateUser(tx, user.id, { email, emailVerifiedAt: null });
          await deleteVerificationTokens(tx, user.id);
          await endAllSessions(tx, user.id, request.sessionTokenHash ?? undefined);
          return updated;
        })
        .catch((err) => {
          if (isUniqueViolation(err, "users_email_lower_idx"))
            throw conflict(AUTH_MESSAGES.emailTaken, "email_taken");
          throw err;
        });
      if (!row) throw notFound(SOCIAL_MESSAGES.userNotFound);
      await sendVerificationLink(ctx, row);
      // The previous address hears about it, so a hijacked session cannot quietly take the account.
      void ctx.mailer.send({
        to: user.email,
        subject: `Your ${PRODUCT_NAME} email address was changed`,
        ...notice(user.username, [
          `The email address of your ${PRODUCT_NAME} account was changed to ${email}.`,
          `If this was not you, reset your password at ${ctx.config.appUrl}/forgot-password and contact us.`,
        ]),
      });
      return presentCurrentUser(row, isAdmin(ctx, row));
    },

    async changePassword(user: SessionUser, input: PasswordChangeInput, request: FastifyRequest) {
      await checkPassword(user, input.currentPassword);
      if (input.currentPassword === input.newPassword) throw badRequest(SOCIAL_MESSAGES.passwordUnchanged);
      const passwordHash = await hashPassword(input.newPassword, ctx.passwordLogN);
      await ctx.db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        // Every other device is signed out; this one stays signed in.
        await endAllSessions(tx, user.id, request.sessionTokenHash ?? undefined);
      });
      void ctx.mailer.send({
        to: user.email,
        subject: `Your ${PRODUCT_NAME} password was changed`,
        ...notice(user.username, [
          `The password of your ${PRODUCT_NAME} account was changed, and your other devices were signed out.`,
          `If this was not you, reset your password at ${ctx.config.appUrl}/forgot-password.`,
        ]),
      });
      return { message: "Password changed" };
    },

    /**
     * Deletes the account and everything the member wrote (the privacy policy, section 8), in
     * one transaction with the recount of every shared counter; then their files.
     */
    async deleteAccount(
      user: SessionUser,
      input: AccountDeleteInput,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      await checkPassword(user, input.password);
      if (await hasActivePaidSubscription(ctx.db, user.id)) {
        throw conflict("Cancel your subscription before deleting your account", "subscription_active");
      }
      // Their data exports' rows go with them; the files are named before they do.
      const exportFiles = await memberExportFiles(ctx, user.id);
      const removed = await ctx.db.transaction((tx) => deleteMemberData(tx, user.id));
      // Their ratings left the site's mean: the models' Bayesian scores follow (decision 0097).
      await refreshRatingPrior(ctx.db);
      await endSession(ctx, request, reply);
      streamRegistry(ctx).closeUser(user.id);
      await removeAvatarFile(ctx, removed.avatar);
      await removeExportFiles(exportFiles);
      for (const image of removed.postImages) {
        const stillUsed = await queryRows(ctx.db, sql`SELECT 1 FROM posts WHERE image = ${image} LIMIT 1`);
        if (stillUsed.length === 0) await removeUpload(ctx, image);
      }
      return { message: "Your account has been deleted" };
    },
  };
}

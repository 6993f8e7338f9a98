import { randomBytes } from "node:crypto";
import type { ForgotPasswordInput, ResetPasswordInput } from "../../../common/password-reset";
import { RESET_MESSAGES, RESET_TOKEN_TTL_MINUTES } from "../../../common/password-reset";
import type { AppContext } from "../../platform/context";
import { badRequest } from "../../platform/errors";
import { passwordChangedMail, passwordResetMail } from "../../platform/mail-templates";
import { hashPassword } from "../../platform/password";
import { addressKey } from "../../platform/rate-limit";
import { endAllSessions, hashToken } from "../../platform/session";
import { loginLimits } from "../auth/public";
import { findUserByEmail, updateUser } from "../users/public";
import {
  consumeToken,
  deleteExpiredTokens,
  deleteTokensOfUser,
  findLiveToken,
  insertToken,
  lockUser,
} from "./queries";

const TOKEN_TTL_MS = RESET_TOKEN_TTL_MINUTES * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Work started by forgot-password after the answer was sent, per app (awaited on close and in tests). */
const background = new WeakMap<AppContext, Set<Promise<void>>>();

function runInBackground(ctx: AppContext, work: () => Promise<void>): void {
  let set = background.get(ctx);
  if (!set) {
    set = new Set();
    background.set(ctx, set);
  }
  const task = work().catch((err) => ctx.log.error({ err }, "password reset request failed"));
  set.add(task);
  void task.finally(() => set.delete(task));
}

/** Resolves when every background forgot-password task of this app has finished. */
export async function settlePasswordResetTasks(ctx: AppContext): Promise<void> {
  const set = background.get(ctx);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}

export function resetLink(ctx: AppContext, token: string): string {
  return `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function createPasswordResetService(ctx: AppContext) {
  const forgotByEmail = ctx.limiter({ name: "forgot-email", points: 5, durationSec: 60 * 60 });
  const forgotByIp = ctx.limiter({ name: "forgot-ip", points: 20, durationSec: 60 * 60 });
  const resetByIp = ctx.limiter({ name: "reset-ip", points: 30, durationSec: 15 * 60 });

  /** Issues a fresh token (older ones die) and mails the link; nothing happens for an unknown email. */
  async function issueAndMail(email: string): Promise<void> {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    const token = randomBytes(32).toString("base64url");
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      await deleteTokensOfUser(tx, user.id);
      await insertToken(tx, {
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
      });
    });
    await deleteExpiredTokens(ctx.db, new Date(now.getTime() - DAY_MS));
    const mail = passwordResetMail({
      username: user.username,
      link: resetLink(ctx, token),
      ttlMinutes: RESET_TOKEN_TTL_MINUTES,
      appUrl: ctx.config.appUrl,
    });
    await ctx.mailer.send({ to: user.email, ...mail });
  }

  return {
    /**
     * Always the same answer, status and (near enough) time: the lookup, the token and the mail
     * happen after the answer, so neither the message nor the timing tells whether the account
     * exists. The limits apply to every address alike.
     */
    async requestReset(input: ForgotPasswordInput, ip: string): Promise<{ message: string }> {
      await forgotByIp.consume(addressKey(ip));
      await forgotByEmail.consume(input.email.toLowerCase());
      runInBackground(ctx, () => issueAndMail(input.email));
      return { message: RESET_MESSAGES.sent };
    },

    /** Sets the new password, consumes the token and ends every session of the member. */
    async resetPassword(input: ResetPasswordInput, ip: string): Promise<{ message: string; userId: number }> {
      await resetByIp.consume(addressKey(ip));
      const tokenHash = hashToken(input.token);
      const now = ctx.now();
      // A cheap check first, so an unknown token costs no scrypt work.
      if (!(await findLiveToken(ctx.db, tokenHash, now))) throw badRequest(RESET_MESSAGES.invalidToken);
      const passwordHash = await hashPassword(input.password, ctx.passwordLogN);
      const user = await ctx.db.transaction(async (tx) => {
        const claimed = await consumeToken(tx, tokenHash, now);
        if (!claimed) return undefined;
        await deleteTokensOfUser(tx, claimed.userId);
        const row = await updateUser(tx, claimed.userId, { passwordHash });
        await endAllSessions(tx, claimed.userId);
        return row;
      });
      if (!user) throw badRequest(RESET_MESSAGES.invalidToken);
      // The owner proved who they are: their sign-in counter from this address starts again.
      await loginLimits(ctx).clear(user.username, ip);
      void ctx.mailer.send({
        to: user.email,
        ...passwordChangedMail({ username: user.username, appUrl: ctx.config.appUrl }),
      });
      return { message: RESET_MESSAGES.success, userId: user.id };
    },
  };
}

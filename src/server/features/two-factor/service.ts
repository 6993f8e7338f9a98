import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_MESSAGES } from "../../../common/admin";
import { PRODUCT_NAME } from "../../../common/constants";
import { SOCIAL_MESSAGES } from "../../../common/social";
import {
  type SecondStepInput,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  type TwoFactorChallenge,
  type TwoFactorStatus,
} from "../../../common/two-factor";
import type { AppContext, SessionUser } from "../../platform/context";
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from "../../platform/errors";
import { escapeHtml, oneLine } from "../../platform/mail-templates";
import { verifyPassword } from "../../platform/password";
import { addressKey } from "../../platform/rate-limit";
import { endAllSessions, hashToken, isAdmin } from "../../platform/session";
import { completeSignIn } from "../sessions/public";
import { findUserById, presentCurrentUser } from "../users/public";
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findPendingSignIn,
  findTwoFactor,
  insertPendingSignIn,
  markEnabled,
  replaceRecoveryCodes,
  saveUnconfirmedSecret,
  takeStep,
  spendPendingSignIn,
  spendRecoveryCode,
} from "./queries";
import { openSecret, recoveryCodeHash, sealSecret } from "./secret-box";
import {
  acceptedStep,
  newRecoveryCode,
  newSecret,
  normaliseRecoveryCode,
  qrCodeDataUrl,
  totpFor,
} from "./totp";

/**
 * Limits (docs/decisions/0087): codes are counted per account, whatever the address, so that
 * guessing stays slow however many addresses an attacker has: 10 attempts in 15 minutes (a 6-digit
 * code with ±1 step: 3 in a million a guess). Only the second step is counted there: the password
 * step, passkeys and any other way in keep their own counters, so filling this one never locks a
 * member out of those. Per address, 30 second-step attempts in 15 minutes across accounts.
 */
export const TWO_FACTOR_LIMITS = {
  perAccount: { points: 10, durationSec: 15 * 60 },
  perAddress: { points: 30, durationSec: 15 * 60 },
  passwordPerAccount: { points: 10, durationSec: 15 * 60 },
} as const;

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** Whether a member has two-factor sign-in on (confirmed). */
export async function hasTwoFactor(ctx: AppContext, userId: number): Promise<boolean> {
  const row = await findTwoFactor(ctx.db, userId);
  return Boolean(row?.enabledAt);
}

/**
 * The end of the password step of a member with two-factor on: a pending token (single use,
 * five minutes, only its sha256 stored) for the second step, and no session.
 */
export async function startSecondStep(ctx: AppContext, userId: number): Promise<TwoFactorChallenge> {
  const token = randomBytes(32).toString("base64url");
  await insertPendingSignIn(ctx.db, userId, hashToken(token), ctx.now(), TWO_FACTOR.pendingTtlSec * 1000);
  return { twoFactorRequired: true, pendingToken: token, expiresInSeconds: TWO_FACTOR.pendingTtlSec };
}

export function createTwoFactorService(ctx: AppContext) {
  const perAccount = ctx.limiter({ name: "two-factor-user", ...TWO_FACTOR_LIMITS.perAccount });
  const perAddress = ctx.limiter({ name: "two-factor-ip", ...TWO_FACTOR_LIMITS.perAddress });
  const passwordAttempts = ctx.limiter({
    name: "two-factor-password",
    ...TWO_FACTOR_LIMITS.passwordPerAccount,
  });

  async function checkPassword(user: SessionUser, password: string) {
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

  /**
   * Checks a second factor of a member with two-factor on: a current code (once: its time step
   * must be later than the last one used) or an unused recovery code (used up by this).
   */
  async function checkFactor(userId: number, label: string, typed: string): Promise<"code" | "recovery"> {
    await perAccount.consume(String(userId), TWO_FACTOR_MESSAGES.tooManyAttempts);
    const row = await findTwoFactor(ctx.db, userId);
    if (!row?.enabledAt) throw badRequest(TWO_FACTOR_MESSAGES.notOn, "two_factor_off");
    let ok = false;
    let kind: "code" | "recovery" = "code";
    if (isTotpCode(typed)) {
      const step = acceptedStep(totpFor(openSecret(ctx, userId, row.secretEnc), label), typed, ctx.now());
      ok = step !== null && (await takeStep(ctx.db, userId, step));
    } else {
      kind = "recovery";
      const normalised = normaliseRecoveryCode(typed);
      ok =
        normalised.length === 10 &&
        (await spendRecoveryCode(ctx.db, userId, recoveryCodeHash(ctx, userId, normalised), ctx.now()));
    }
    if (!ok) throw badRequest(TWO_FACTOR_MESSAGES.codeInvalid, "invalid_code");
    await perAccount.reset(String(userId));
    return kind;
  }

  async function newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
    await replaceRecoveryCodes(
      ctx.db,
      userId,
      codes.map((c) => recoveryCodeHash(ctx, userId, normaliseRecoveryCode(c))),
    );
    return codes;
  }

  function notice(user: SessionUser, subject: string, line: string) {
    const name = oneLine(user.username);
    const link = `${ctx.config.appUrl}/settings/security`;
    const more = `If this was not you, reset your password at ${ctx.config.appUrl}/forgot-password and review ${link}.`;
    void ctx.mailer
      .send({
        to: user.email,
        subject,
        text: [`Hi ${name},`, "", line, more, "", `— ${PRODUCT_NAME}`].join("\n"),
        html: [
          `<p>Hi ${escapeHtml(name)},</p>`,
          `<p>${escapeHtml(line)}</p>`,
          `<p>${escapeHtml(more)}</p>`,
        ].join("\n"),
      })
      .catch((err) => ctx.log.warn({ err }, "two-factor notice not sent"));
  }

  return {
    /** The second step: the pending token and a code give the session. */
    async completeSignIn(input: SecondStepInput, request: FastifyRequest, reply: FastifyReply) {
      await perAddress.consume(addressKey(request.ip), TWO_FACTOR_MESSAGES.tooManyAttempts);
      const tokenHash = hashToken(input.pendingToken);
      const pending = await findPendingSignIn(ctx.db, tokenHash, ctx.now());
      if (!pending) throw unauthorized(TWO_FACTOR_MESSAGES.pendingInvalid);
      const user = await findUserById(ctx.db, pending.userId);
      if (!user) throw unauthorized(TWO_FACTOR_MESSAGES.pendingInvalid);
      await checkFactor(user.id, user.username, input.code);
      // Once: a second request with the same token (or one racing with this) finds it used.
      if (!(await spendPendingSignIn(ctx.db, tokenHash, ctx.now()))) {
        throw unauthorized(TWO_FACTOR_MESSAGES.pendingInvalid);
      }
      if (user.bannedAt) throw forbidden(ADMIN_MESSAGES.suspended);
      await completeSignIn(ctx, request, reply, user);
      return presentCurrentUser(user, isAdmin(ctx, user));
    },

    async status(user: SessionUser): Promise<TwoFactorStatus> {
      const row = await findTwoFactor(ctx.db, user.id);
      const enabled = Boolean(row?.enabledAt);
      return {
        enabled,
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
        required: ctx.config.requireAdminTwoFactor && user.isAdmin && !enabled,
      };
    },

    async setup(user: SessionUser, password: string) {
      await checkPassword(user, password);
      const secret = newSecret();
      if (!(await saveUnconfirmedSecret(ctx.db, user.id, sealSecret(ctx, user.id, secret), ctx.now()))) {
        throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, "two_factor_on");
      }
      const otpauthUrl = totpFor(secret, user.username).toString();
      return { secret, otpauthUrl, qrCode: await qrCodeDataUrl(otpauthUrl) };
    },

    async enable(user: SessionUser, code: string, request: FastifyRequest) {
      const row = await findTwoFactor(ctx.db, user.id);
      if (!row) throw conflict(TWO_FACTOR_MESSAGES.notEnrolling, "two_factor_not_started");
      if (row.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, "two_factor_on");
      await perAccount.consume(String(user.id), TWO_FACTOR_MESSAGES.tooManyAttempts);
      const step = acceptedStep(
        totpFor(openSecret(ctx, user.id, row.secretEnc), user.username),
        code,
        ctx.now(),
      );
      if (step === null || !(await takeStep(ctx.db, user.id, step))) {
        throw badRequest(TWO_FACTOR_MESSAGES.codeInvalid, "invalid_code");
      }
      await perAccount.reset(String(user.id));
      if (!(await markEnabled(ctx.db, user.id, ctx.now())))
        throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, "two_factor_on");
      const recoveryCodes = await newRecoveryCodes(user.id);
      // Turning it on ends every other session (issue 24 §4): a thief's session does not survive it.
      await endAllSessions(ctx.db, user.id, request.sessionTokenHash ?? undefined);
      notice(
        user,
        `Two-factor sign-in is on for your ${PRODUCT_NAME} account`,
        "Two-factor sign-in was turned on for your account, and your other devices were signed out.",
      );
      return { recoveryCodes };
    },

    async disable(user: SessionUser, password: string, code: string) {
      if (!(await hasTwoFactor(ctx, user.id))) throw conflict(TWO_FACTOR_MESSAGES.notOn, "two_factor_off");
      await checkPassword(user, password);
      await checkFactor(user.id, user.username, code);
      await deleteTwoFactor(ctx.db, user.id);
      notice(
        user,
        `Two-factor sign-in is off for your ${PRODUCT_NAME} account`,
        "Two-factor sign-in was turned off for your account.",
      );
      return { message: TWO_FACTOR_MESSAGES.turnedOff };
    },

    async regenerate(user: SessionUser, password: string) {
      if (!(await hasTwoFactor(ctx, user.id))) throw conflict(TWO_FACTOR_MESSAGES.notOn, "two_factor_off");
      await checkPassword(user, password);
      return { recoveryCodes: await newRecoveryCodes(user.id) };
    },
  };
}

/** REQUIRE_ADMIN_2FA: an administrator without two-factor sign-in may not use admin routes. */
export const adminEnrolmentRequired = () =>
  new AppError(403, TWO_FACTOR_MESSAGES.adminRequired, "two_factor_enrolment_required");

import type { FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_MESSAGES } from "../../../common/admin";
import { AUTH_MESSAGES, type LoginInput, type RegisterInput } from "../../../common/auth";
import type { AppContext } from "../../platform/context";
import { conflict, confusableUsername, forbidden, unauthorized } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/http";
import { hashPassword, verifyPassword } from "../../platform/password";
import { addressKey } from "../../platform/rate-limit";
import { endSession, isAdmin, startSession } from "../../platform/session";
import { presentCurrentUser } from "../users/public";
import { findUserByEmail, findUserBySkeleton, findUserByUsername, insertUser } from "../users/public";
import { completeSignIn, rememberBrowser } from "../sessions/public";
import { hasTwoFactor, startSecondStep } from "../two-factor/public";
import { loginLimits, wait } from "./login-limits";

let dummyHash: Promise<string> | undefined;

export function createAuthService(ctx: AppContext) {
  const limits = loginLimits(ctx);
  const registerByIp = ctx.limiter({ name: "register-ip", points: 20, durationSec: 60 * 60 });

  return {
    async register(input: Required<RegisterInput>, request: FastifyRequest, reply: FastifyReply) {
      await registerByIp.consume(
        addressKey(request.ip),
        "Too many accounts created from this network: rate limit reached. Try again later.",
      );
      if (await findUserByUsername(ctx.db, input.username))
        throw conflict(AUTH_MESSAGES.usernameTaken, "username_taken");
      if (await findUserBySkeleton(ctx.db, input.username)) {
        throw confusableUsername(AUTH_MESSAGES.usernameConfusable);
      }
      if (await findUserByEmail(ctx.db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken, "email_taken");
      const passwordHash = await hashPassword(input.password, ctx.passwordLogN);
      const user = await ctx.db
        .transaction(async (tx) => {
          const row = await insertUser(tx, {
            username: input.username,
            email: input.email.toLowerCase(),
            passwordHash,
            generation: input.generation,
          });
          if (request.sessionTokenHash) await endSession(ctx, request, reply);
          await startSession(ctx, tx, reply, row.id);
          return row;
        })
        .catch((err) => {
          if (isUniqueViolation(err, "users_username_lower_idx"))
            throw conflict(AUTH_MESSAGES.usernameTaken, "username_taken");
          if (isUniqueViolation(err, "users_email_lower_idx"))
            throw conflict(AUTH_MESSAGES.emailTaken, "email_taken");
          if (isUniqueViolation(err, "users_username_skeleton_idx")) {
            throw confusableUsername(AUTH_MESSAGES.usernameConfusable);
          }
          throw err;
        });
      // The browser of the first session is a known one (no new-browser email for it later).
      await rememberBrowser(ctx, request, user, { notify: false });
      // Other features (launch offer, welcome and verification mails) react before the answer.
      await ctx.events.emit("user.registered", {
        userId: user.id,
        email: user.email,
        username: user.username,
      });
      return presentCurrentUser(user, isAdmin(ctx, user));
    },

    async login(input: LoginInput, request: FastifyRequest, reply: FastifyReply) {
      // Per address and per username+address (never per username alone: issue 25, lock-out).
      await limits.attempt(input.username, request.ip);
      await wait(await limits.delayMs(input.username));
      const user = await findUserByUsername(ctx.db, input.username);
      // Same work whether or not the account exists: no enumeration by timing.
      dummyHash ??= hashPassword("not-a-real-password", ctx.passwordLogN);
      // An account made through a provider has no password (an empty hash): it is checked like an unknown one.
      const ok = await verifyPassword(input.password, user?.passwordHash || (await dummyHash));
      if (!user || !ok || !user.passwordHash) {
        await limits.failed(input.username);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      if (user.bannedAt) throw forbidden(ADMIN_MESSAGES.suspended);
      await limits.clear(input.username, request.ip);
      // Two-factor sign-in on: no session yet, a pending token for the second step (issue 24).
      if (await hasTwoFactor(ctx, user.id)) return startSecondStep(ctx, user.id);
      // A new session id at every login (no session fixation); the new-browser check.
      await completeSignIn(ctx, request, reply, user);
      return presentCurrentUser(user, isAdmin(ctx, user));
    },

    async logout(request: FastifyRequest, reply: FastifyReply) {
      await endSession(ctx, request, reply);
    },
  };
}

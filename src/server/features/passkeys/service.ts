import { randomBytes } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_MESSAGES } from "../../../common/admin";
import { PRODUCT_NAME } from "../../../common/constants";
import {
  type AddPasskeyInput,
  type AuthenticationResponse,
  PASSKEY_CEREMONY_TTL_SECONDS,
  PASSKEY_MESSAGES,
  PASSKEYS_MAX,
  type RemovePasskeyInput,
} from "../../../common/passkeys";
import { SOCIAL_MESSAGES } from "../../../common/social";
import type { UserRow } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/http";
import { verifyPassword } from "../../platform/password";
import { addressKey } from "../../platform/rate-limit";
import { endAllSessions, hashToken, isAdmin } from "../../platform/session";
import { completeSignIn as startMemberSession } from "../sessions/public";
import { findUserById, presentCurrentUser } from "../users/public";
import { presentPasskey } from "./presenter";
import {
  countPasskeysOf,
  deleteExpiredChallenges,
  deleteOwnPasskey,
  findByCredentialId,
  findOwnPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeysOf,
  recordUse,
  renameOwnPasskey,
  takeChallenge,
} from "./queries";
import { lazy } from "../../platform/lazy";

/** The WebAuthn library, loaded at the first passkey ceremony. */
const webauthn = lazy<typeof import("@simplewebauthn/server")>("@simplewebauthn/server");

/** The pending-ceremony cookie: a random token whose sha256 keys the challenge row. */
export const CEREMONY_COOKIE = "agora_passkey_ceremony";

type Purpose = "register" | "signin" | "confirm";

/** The relying party: RP ID and origin both come from APP_URL (config.ts), never from the request. */
export function relyingParty(ctx: AppContext) {
  return { rpID: new URL(ctx.config.appUrl).hostname, origin: ctx.config.appOrigin, rpName: PRODUCT_NAME };
}

/** One failure for every way an assertion can be wrong (unknown credential, bad signature, rollback). */
const signInFailed = () => new AppError(401, PASSKEY_MESSAGES.signInFailed, "passkey_invalid");
const ceremonyExpired = () => badRequest(PASSKEY_MESSAGES.ceremonyExpired, "passkey_ceremony_expired");

/**
 * Where a passkey sign-in creates the session: the one place the lead routes every sign-in method
 * through (issue 24). A passkey is possession plus user verification, so no second step follows
 * (docs/decisions/0088-passkeys.md).
 */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  // A new session id at every sign-in (no session fixation), the browser remembered and a new one
  // announced by email, as for every sign-in method (features/sessions).
  await startMemberSession(ctx, request, reply, user);
}

export function createPasskeyService(ctx: AppContext) {
  const rp = relyingParty(ctx);
  const ttlMs = PASSKEY_CEREMONY_TTL_SECONDS * 1000;
  const optionsByAddress = ctx.limiter({ name: "passkey-options-ip", points: 60, durationSec: 15 * 60 });
  const signInByAddress = ctx.limiter({ name: "passkey-signin-ip", points: 30, durationSec: 15 * 60 });
  const memberCeremonies = ctx.limiter({ name: "passkey-member", points: 30, durationSec: 15 * 60 });
  const passwordAttempts = ctx.limiter({ name: "passkey-password", points: 10, durationSec: 15 * 60 });

  async function startCeremony(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: Purpose,
    challenge: string,
    userId: number | null,
    userHandle: string | null = null,
  ): Promise<void> {
    const now = ctx.now();
    await deleteExpiredChallenges(ctx.db, now);
    // A ceremony this browser left unfinished is replaced.
    const previous = request.cookies[CEREMONY_COOKIE];
    if (previous && previous.length <= 100) await takeChallenge(ctx.db, hashToken(previous));
    const token = randomBytes(32).toString("base64url");
    await insertChallenge(ctx.db, {
      tokenHash: hashToken(token),
      purpose,
      userId,
      challenge,
      userHandle,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    reply.setCookie(CEREMONY_COOKIE, token, {
      path: "/api",
      httpOnly: true,
      sameSite: "strict",
      secure: ctx.config.secureCookies,
      maxAge: PASSKEY_CEREMONY_TTL_SECONDS,
    });
  }

  /** The ceremony's challenge, once: gone afterwards whatever the outcome. */
  async function finishCeremony(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: Purpose,
    userId: number | null,
  ) {
    const token = request.cookies[CEREMONY_COOKIE];
    reply.clearCookie(CEREMONY_COOKIE, {
      path: "/api",
      httpOnly: true,
      sameSite: "strict",
      secure: ctx.config.secureCookies,
    });
    if (!token || token.length > 100) throw ceremonyExpired();
    const row = await takeChallenge(ctx.db, hashToken(token));
    if (!row || row.purpose !== purpose || row.userId !== userId || row.expiresAt <= ctx.now()) {
      throw ceremonyExpired();
    }
    return row;
  }

  /**
   * Verifies an assertion against the stored credential: challenge, origin, RP ID, signature, user
   * verification, the user handle and the signature counter (a counter that does not move forward
   * is a cloned or replayed authenticator: refused). Answers the passkey's member id.
   */
  async function verifyAssertion(
    response: AuthenticationResponse,
    challenge: string,
    onlyUserId: number | null,
  ): Promise<number> {
    const passkey = await findByCredentialId(ctx.db, response.id);
    if (!passkey || (onlyUserId !== null && passkey.userId !== onlyUserId)) throw signInFailed();
    if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.userHandle) {
      throw signInFailed();
    }
    let verification: Awaited<
      ReturnType<typeof import("@simplewebauthn/server").verifyAuthenticationResponse>
    >;
    try {
      verification = await webauthn().verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
          counter: passkey.counter,
          transports: transportsOf(passkey.transports),
        },
      });
    } catch (err) {
      ctx.log.info({ err: (err as Error).message }, "passkey assertion refused");
      throw signInFailed();
    }
    if (!verification.verified) throw signInFailed();
    const { newCounter } = verification.authenticationInfo;
    if (!(await recordUse(ctx.db, passkey.id, passkey.counter, newCounter, ctx.now()))) throw signInFailed();
    return passkey.userId;
  }

  return {
    async list(user: SessionUser) {
      return { items: (await listPasskeysOf(ctx.db, user.id)).map(presentPasskey) };
    },

    async registrationOptions(user: SessionUser, request: FastifyRequest, reply: FastifyReply) {
      await memberCeremonies.consume(String(user.id));
      const existing = await listPasskeysOf(ctx.db, user.id);
      if (existing.length >= PASSKEYS_MAX) throw conflict(PASSKEY_MESSAGES.tooMany, "too_many_passkeys");
      // One random user handle per member (never the id or the email): an authenticator keeps one
      // passkey per account and site.
      const userHandle = existing[0]?.userHandle ?? randomBytes(16).toString("base64url");
      const options = await webauthn().generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: user.username,
        userDisplayName: user.username,
        userID: new Uint8Array(Buffer.from(userHandle, "base64url")),
        attestationType: "none",
        timeout: PASSKEY_CEREMONY_TTL_SECONDS * 1000,
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: transportsOf(p.transports),
        })),
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      await startCeremony(request, reply, "register", options.challenge, user.id, userHandle);
      return options;
    },

    async add(user: SessionUser, input: AddPasskeyInput, request: FastifyRequest, reply: FastifyReply) {
      const ceremony = await finishCeremony(request, reply, "register", user.id);
      let verification: Awaited<
        ReturnType<typeof import("@simplewebauthn/server").verifyRegistrationResponse>
      >;
      try {
        verification = await webauthn().verifyRegistrationResponse({
          response: input.response as RegistrationResponseJSON,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: true,
        });
      } catch (err) {
        ctx.log.info({ err: (err as Error).message }, "passkey registration refused");
        throw badRequest(PASSKEY_MESSAGES.verificationFailed, "passkey_invalid");
      }
      if (!verification.verified) throw badRequest(PASSKEY_MESSAGES.verificationFailed, "passkey_invalid");
      const info = verification.registrationInfo;
      if ((await countPasskeysOf(ctx.db, user.id)) >= PASSKEYS_MAX) {
        throw conflict(PASSKEY_MESSAGES.tooMany, "too_many_passkeys");
      }
      const row = await insertPasskey(ctx.db, {
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
        counter: info.credential.counter,
        transports: (input.response.response.transports ?? []).join(","),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        userHandle: ceremony.userHandle ?? randomBytes(16).toString("base64url"),
        name: input.name,
        createdAt: ctx.now(),
      }).catch((err) => {
        if (isUniqueViolation(err, "passkeys_credential_idx")) {
          throw conflict(PASSKEY_MESSAGES.alreadyRegistered, "passkey_exists");
        }
        throw err;
      });
      return presentPasskey(row);
    },

    async rename(user: SessionUser, id: number, name: string) {
      const row = await renameOwnPasskey(ctx.db, user.id, id, name);
      if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
      return presentPasskey(row);
    },

    async confirmationOptions(user: SessionUser, request: FastifyRequest, reply: FastifyReply) {
      await memberCeremonies.consume(String(user.id));
      const own = await listPasskeysOf(ctx.db, user.id);
      const options = await webauthn().generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: "required",
        timeout: PASSKEY_CEREMONY_TTL_SECONDS * 1000,
        allowCredentials: own.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
      });
      await startCeremony(request, reply, "confirm", options.challenge, user.id);
      return options;
    },

    async remove(
      user: SessionUser,
      id: number,
      input: RemovePasskeyInput,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      if (!(await findOwnPasskey(ctx.db, user.id, id))) throw notFound(PASSKEY_MESSAGES.notFound);
      // Recent authentication (ASVS 3.7.1): the password, or one of the member's passkeys now.
      if (input.assertion) {
        const ceremony = await finishCeremony(request, reply, "confirm", user.id);
        await verifyAssertion(input.assertion, ceremony.challenge, user.id).catch((err) => {
          throw err instanceof AppError && err.code === "passkey_invalid"
            ? badRequest(PASSKEY_MESSAGES.verificationFailed, "passkey_invalid")
            : err;
        });
      } else {
        await passwordAttempts.consume(
          String(user.id),
          "Too many password attempts: rate limit reached. Please try again in 15 minutes.",
        );
        const row = await findUserById(ctx.db, user.id);
        if (!row || !(await verifyPassword(input.password ?? "", row.passwordHash))) {
          throw badRequest(SOCIAL_MESSAGES.wrongPassword, "wrong_password");
        }
        await passwordAttempts.reset(String(user.id));
      }
      await ctx.db.transaction(async (tx) => {
        if (!(await deleteOwnPasskey(tx, user.id, id))) throw notFound(PASSKEY_MESSAGES.notFound);
        // Whoever signed in elsewhere with it (or otherwise) is signed out; this device stays.
        await endAllSessions(tx, user.id, request.sessionTokenHash ?? undefined);
      });
      return { message: PASSKEY_MESSAGES.removed };
    },

    async signInOptions(request: FastifyRequest, reply: FastifyReply) {
      await optionsByAddress.consume(addressKey(request.ip));
      // No allowCredentials: the authenticator offers its discoverable passkeys for this site.
      const options = await webauthn().generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: "required",
        timeout: PASSKEY_CEREMONY_TTL_SECONDS * 1000,
      });
      await startCeremony(request, reply, "signin", options.challenge, null);
      return options;
    },

    async signIn(response: AuthenticationResponse, request: FastifyRequest, reply: FastifyReply) {
      await signInByAddress.consume(addressKey(request.ip));
      const ceremony = await finishCeremony(request, reply, "signin", null);
      const userId = await verifyAssertion(response, ceremony.challenge, null);
      const user = await findUserById(ctx.db, userId);
      if (!user) throw signInFailed();
      if (user.bannedAt) throw forbidden(ADMIN_MESSAGES.suspended);
      await completeSignIn(ctx, request, reply, user);
      return presentCurrentUser(user, isAdmin(ctx, user));
    },
  };
}

function transportsOf(stored: string): AuthenticatorTransport[] | undefined {
  return stored ? (stored.split(",") as AuthenticatorTransport[]) : undefined;
}

import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_MESSAGES } from "../../../common/admin";
import { AUTH_MESSAGES } from "../../../common/auth";
import { LIMITS } from "../../../common/constants";
import {
  OIDC_MESSAGES,
  type OidcCallbackAnswer,
  type OidcIdentities,
  type OidcLinkAccountInput,
  type OidcSignupInput,
} from "../../../common/oidc";
import type { OidcConfig } from "../../config";
import type { UserRow } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { AppError, conflict, confusableUsername, forbidden, unauthorized } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/http";
import { hashPassword, verifyPassword } from "../../platform/password";
import { addressKey } from "../../platform/rate-limit";
import { endSession, isAdmin, startSession } from "../../platform/session";
import { loginLimits } from "../auth/public";
import { completeSignIn as startMemberSession } from "../sessions/public";
import {
  findUserByEmail,
  findUserById,
  findUserBySkeleton,
  findUserByUsername,
  insertUser,
  presentCurrentUser,
} from "../users/public";
import { client, providerConfiguration } from "./provider";
import * as q from "./queries";

/** The flow cookie: a random id; the flow's secrets stay on the server under its sha256. */
export const OIDC_FLOW_COOKIE = "agora_oidc";
const FLOW_TTL_MS = 10 * 60 * 1000;
const PENDING_TTL_MS = 30 * 60 * 1000;
/** Where the provider sends the browser back: a page that posts the answer to /api/oidc/callback. */
export const CALLBACK_PATH = "/auth/oidc/callback";

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const newToken = () => randomBytes(32).toString("base64url");

const badRequest = (message: string, code: string) => new AppError(400, message, code);
const notConfigured = () => new AppError(404, OIDC_MESSAGES.notConfigured, "oidc_not_configured");
const providerDown = () => new AppError(503, OIDC_MESSAGES.providerUnavailable, "oidc_provider_unavailable");

/** A username to suggest from the provider's claims (the member may change it). */
export function suggestUsername(claims: Record<string, unknown>, email: string): string {
  const candidates = [claims.preferred_username, claims.nickname, email.split("@")[0], claims.name];
  for (const c of candidates) {
    if (typeof c !== "string") continue;
    const cleaned = c
      .normalize("NFKC")
      .replace(/\s+/g, "_")
      .replace(/[^\p{L}\p{N}._-]/gu, "")
      .slice(0, LIMITS.usernameMax);
    if (cleaned.length >= LIMITS.usernameMin) return cleaned;
  }
  return "";
}

let dummyHash: Promise<string> | undefined;

export function createOidcService(ctx: AppContext) {
  const startByIp = ctx.limiter({ name: "oidc-start-ip", points: 60, durationSec: 15 * 60 });
  const callbackByIp = ctx.limiter({ name: "oidc-callback-ip", points: 60, durationSec: 15 * 60 });
  const signupByIp = ctx.limiter({ name: "oidc-signup-ip", points: 20, durationSec: 60 * 60 });
  const limits = loginLimits(ctx);
  const redirectUri = `${ctx.config.appUrl}${CALLBACK_PATH}`;

  function oidcConfig(): OidcConfig {
    if (!ctx.config.oidc) throw notConfigured();
    return ctx.config.oidc;
  }

  async function configuration(oidc: OidcConfig) {
    try {
      return await providerConfiguration(ctx, oidc);
    } catch (err) {
      ctx.log.warn({ err }, "OpenID Connect discovery failed");
      throw providerDown();
    }
  }

  const cookieOptions = () => ({
    path: "/api/oidc",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: ctx.config.secureCookies,
  });

  /**
   * Every successful sign-in through the provider ends here: a new session (never the one the
   * request came with: no fixation). One place, so sign-in checks added later apply to it.
   */
  async function completeSignIn(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
    if (user.bannedAt) throw forbidden(ADMIN_MESSAGES.suspended);
    // A new session, the browser remembered and a new one announced by email (features/sessions).
    await startMemberSession(ctx, request, reply, user);
  }

  /** The verified claims of the provider's answer (ID token, completed by the userinfo endpoint). */
  async function exchange(
    config: Awaited<ReturnType<typeof configuration>>,
    query: string,
    flow: { state: string; nonce: string; codeVerifier: string },
  ) {
    const currentUrl = new URL(redirectUri);
    currentUrl.search = query.startsWith("?") ? query : `?${query}`;
    try {
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error("no ID token");
      let claims: Record<string, unknown> = { ...idClaims };
      if (typeof claims.email !== "string" && config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...info, ...idClaims };
      }
      return {
        issuer: String(idClaims.iss),
        subject: String(idClaims.sub),
        email:
          typeof claims.email === "string" ? claims.email.trim().toLowerCase().slice(0, LIMITS.emailMax) : "",
        emailVerified: claims.email_verified === true,
        claims,
      };
    } catch (err) {
      if (err instanceof client.AuthorizationResponseError && err.error === "access_denied") {
        throw badRequest(OIDC_MESSAGES.cancelled, "oidc_cancelled");
      }
      if (err instanceof TypeError && /fetch failed/.test(err.message)) throw providerDown();
      ctx.log.warn({ err }, "OpenID Connect answer refused");
      throw badRequest(OIDC_MESSAGES.flowRefused, "oidc_refused");
    }
  }

  async function newPending(values: {
    kind: "signup" | "link";
    issuer: string;
    subject: string;
    email: string;
    userId?: number;
  }): Promise<string> {
    const token = newToken();
    const now = ctx.now();
    await q.insertPending(ctx.db, {
      tokenHash: sha256(token),
      kind: values.kind,
      issuer: values.issuer,
      subject: values.subject,
      email: values.email,
      userId: values.userId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
    });
    return token;
  }

  return {
    completeSignIn,

    config() {
      return { label: ctx.config.oidc?.buttonLabel ?? null };
    },

    async start(intent: "signin" | "link", request: FastifyRequest, reply: FastifyReply) {
      const oidc = oidcConfig();
      const user = intent === "link" ? request.user : null;
      if (intent === "link" && !user) throw unauthorized(AUTH_MESSAGES.loginRequired);
      await startByIp.consume(addressKey(request.ip));
      const config = await configuration(oidc);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      const cookie = newToken();
      const now = ctx.now();
      await q.insertFlow(ctx.db, {
        cookieHash: sha256(cookie),
        intent,
        userId: user?.id ?? null,
        state,
        nonce,
        codeVerifier,
        createdAt: now,
        expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
      });
      reply.setCookie(OIDC_FLOW_COOKIE, cookie, { ...cookieOptions(), maxAge: FLOW_TTL_MS / 1000 });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        response_type: "code",
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { url: url.href };
    },

    async callback(query: string, request: FastifyRequest, reply: FastifyReply): Promise<OidcCallbackAnswer> {
      const oidc = oidcConfig();
      await callbackByIp.consume(addressKey(request.ip));
      const cookie = request.cookies[OIDC_FLOW_COOKIE];
      // The flow is single use: taken (deleted) before anything else, so a replayed answer finds nothing.
      const flow =
        cookie && cookie.length <= 100 ? await q.takeFlow(ctx.db, sha256(cookie), ctx.now()) : undefined;
      reply.clearCookie(OIDC_FLOW_COOKIE, cookieOptions());
      if (!flow) throw badRequest(OIDC_MESSAGES.flowExpired, "oidc_flow_expired");
      // A link flow belongs to the member who started it, still signed in.
      if (flow.intent === "link" && (!request.user || request.user.id !== flow.userId)) {
        throw badRequest(OIDC_MESSAGES.flowExpired, "oidc_flow_expired");
      }
      const config = await configuration(oidc);
      const found = await exchange(config, query, flow);
      const identity = await q.findIdentity(ctx.db, found.issuer, found.subject);
      const now = ctx.now();

      if (flow.intent === "link") {
        const userId = flow.userId!;
        if (identity) {
          if (identity.userId !== userId)
            throw conflict(OIDC_MESSAGES.alreadyLinkedOther, "oidc_linked_elsewhere");
          return { status: "linked" };
        }
        await q
          .insertIdentity(ctx.db, {
            userId,
            issuer: found.issuer,
            subject: found.subject,
            email: found.email,
            now,
          })
          .catch((err) => {
            if (isUniqueViolation(err))
              throw conflict(OIDC_MESSAGES.alreadyLinkedOther, "oidc_linked_elsewhere");
            throw err;
          });
        return { status: "linked" };
      }

      if (identity) {
        const user = await findUserById(ctx.db, identity.userId);
        if (!user) throw badRequest(OIDC_MESSAGES.flowExpired, "oidc_flow_expired");
        await completeSignIn(request, reply, user);
        await q.touchIdentity(ctx.db, identity.id, found.email, now);
        return { status: "signed-in" };
      }

      const existing = found.email ? await findUserByEmail(ctx.db, found.email) : undefined;
      if (existing) {
        // Never linked on an email claim alone: the provider must have verified the address,
        // and the member must still prove the account is theirs with its password.
        if (!found.emailVerified || !existing.passwordHash) {
          throw conflict(OIDC_MESSAGES.emailUnverified, "oidc_email_unverified");
        }
        const token = await newPending({ kind: "link", ...found, userId: existing.id });
        return { status: "link", token, email: found.email };
      }
      const token = await newPending({ kind: "signup", ...found });
      return {
        status: "signup",
        token,
        email: found.email,
        suggestedUsername: suggestUsername(found.claims, found.email),
      };
    },

    async signup(input: Required<OidcSignupInput>, request: FastifyRequest, reply: FastifyReply) {
      oidcConfig();
      await signupByIp.consume(
        addressKey(request.ip),
        "Too many accounts created from this network: rate limit reached. Try again later.",
      );
      const tokenHash = sha256(input.token);
      const pending = await q.findPending(ctx.db, tokenHash, "signup", ctx.now());
      if (!pending) throw badRequest(OIDC_MESSAGES.pendingExpired, "oidc_pending_expired");
      if (await findUserByUsername(ctx.db, input.username))
        throw conflict(AUTH_MESSAGES.usernameTaken, "username_taken");
      if (await findUserBySkeleton(ctx.db, input.username))
        throw confusableUsername(AUTH_MESSAGES.usernameConfusable);
      const email = input.email.toLowerCase();
      if (await findUserByEmail(ctx.db, email)) throw conflict(AUTH_MESSAGES.emailTaken, "email_taken");
      const user = await ctx.db
        .transaction(async (tx) => {
          if (!(await q.takePending(tx, tokenHash))) {
            throw badRequest(OIDC_MESSAGES.pendingExpired, "oidc_pending_expired");
          }
          // No password: the member signs in with the provider, and may set one by password reset
          // (docs/decisions/0089). An empty hash matches no password.
          const row = await insertUser(tx, {
            username: input.username,
            email,
            passwordHash: "",
            generation: input.generation,
          });
          await q.insertIdentity(tx, {
            userId: row.id,
            issuer: pending.issuer,
            subject: pending.subject,
            email: pending.email,
            now: ctx.now(),
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
          if (isUniqueViolation(err, "users_username_skeleton_idx"))
            throw confusableUsername(AUTH_MESSAGES.usernameConfusable);
          if (isUniqueViolation(err, "oidc_identities_issuer_subject_idx"))
            throw conflict(OIDC_MESSAGES.alreadyLinkedOther, "oidc_linked_elsewhere");
          throw err;
        });
      await ctx.events.emit("user.registered", {
        userId: user.id,
        email: user.email,
        username: user.username,
      });
      return presentCurrentUser(user, isAdmin(ctx, user));
    },

    async linkAccount(input: OidcLinkAccountInput, request: FastifyRequest, reply: FastifyReply) {
      oidcConfig();
      const tokenHash = sha256(input.token);
      const pending = await q.findPending(ctx.db, tokenHash, "link", ctx.now());
      if (!pending?.userId) throw badRequest(OIDC_MESSAGES.pendingExpired, "oidc_pending_expired");
      const user = await findUserById(ctx.db, pending.userId);
      if (!user) throw badRequest(OIDC_MESSAGES.pendingExpired, "oidc_pending_expired");
      // The sign-in limits guard this password check like the sign-in form's.
      await limits.attempt(user.username, request.ip);
      dummyHash ??= hashPassword("not-a-real-password", ctx.passwordLogN);
      const ok = await verifyPassword(input.password, user.passwordHash || (await dummyHash));
      if (!ok || !user.passwordHash) {
        await limits.failed(user.username);
        throw unauthorized(OIDC_MESSAGES.wrongPassword);
      }
      if (user.bannedAt) throw forbidden(ADMIN_MESSAGES.suspended);
      await limits.clear(user.username, request.ip);
      await ctx.db
        .transaction(async (tx) => {
          if (!(await q.takePending(tx, tokenHash))) {
            throw badRequest(OIDC_MESSAGES.pendingExpired, "oidc_pending_expired");
          }
          await q.insertIdentity(tx, {
            userId: user.id,
            issuer: pending.issuer,
            subject: pending.subject,
            email: pending.email,
            now: ctx.now(),
          });
        })
        .catch((err) => {
          if (isUniqueViolation(err))
            throw conflict(OIDC_MESSAGES.alreadyLinkedOther, "oidc_linked_elsewhere");
          throw err;
        });
      await completeSignIn(request, reply, user);
      return presentCurrentUser(user, isAdmin(ctx, user));
    },

    async identities(viewer: SessionUser): Promise<OidcIdentities> {
      const [rows, password] = await Promise.all([
        q.identitiesOf(ctx.db, viewer.id),
        q.hasPassword(ctx.db, viewer.id),
      ]);
      return {
        label: ctx.config.oidc?.buttonLabel ?? null,
        hasPassword: password,
        identities: rows.map((r) => ({
          id: r.id,
          email: r.email,
          createdAt: r.createdAt.toISOString(),
          lastUsedAt: r.lastUsedAt.toISOString(),
        })),
      };
    },

    async unlink(viewer: SessionUser, id: number) {
      await ctx.db.transaction(async (tx) => {
        await q.lockUser(tx, viewer.id);
        const rows = await q.identitiesOf(tx, viewer.id);
        if (!rows.some((r) => r.id === id)) throw new AppError(404, OIDC_MESSAGES.notFound, "not_found");
        if (rows.length < 2 && !(await q.hasPassword(tx, viewer.id))) {
          throw conflict(OIDC_MESSAGES.lastWayIn, "oidc_last_way_in");
        }
        await q.deleteIdentity(tx, viewer.id, id);
      });
      return { message: OIDC_MESSAGES.unlinked };
    },
  };
}

import { hash, randomBytes } from "node:crypto";
import { and, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { SESSION_COOKIE, SESSION_TTL_DAYS } from "../../common/constants";
import { batched, wordArray } from "../db/batch";
import type { DbOrTx } from "../db/connect";
import { prepared } from "../db/prepared";
import { sessions, type UserRow, users } from "../db/schema";
import type { AppContext, SessionUser } from "./context";
import { forbidden, unauthorized } from "./errors";
import { BoundedLru, isYounger } from "./public-cache";

const TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Sliding expiry is refreshed at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 10 * 60 * 1000;

/** A token's SHA-256 (one-shot `crypto.hash`: no Hash object on every request). */
export const hashToken = (token: string) => hash("sha256", token, "base64url");

/**
 * An administrator: role admin, or an ADMIN_EMAILS address the member has verified by following
 * the link mailed to it (issue 25, docs/decisions/0050-verified-admin-emails.md). Claiming a
 * listed address (registering with it, or changing one's email to it) grants nothing by itself.
 */
export function isAdmin(ctx: AppContext, user: Pick<UserRow, "role" | "email" | "emailVerifiedAt">): boolean {
  return (
    user.role === "admin" ||
    (user.emailVerifiedAt !== null && ctx.config.adminEmails.includes(user.email.toLowerCase()))
  );
}

/** How much of a User-Agent header a session row keeps. */
const USER_AGENT_MAX = 512;

/**
 * Creates a session (a fresh random 256-bit token every time: no fixation) and sets the cookie.
 * The row keeps the browser's User-Agent and the client address (the sessions page, issue 24).
 */
export async function startSession(
  ctx: AppContext,
  db: DbOrTx,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  const userAgent = reply.request.headers["user-agent"];
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS),
    userAgent: typeof userAgent === "string" ? userAgent.slice(0, USER_AGENT_MAX) : "",
    ip: reply.request.ip ?? "",
  });
  setSessionCookie(ctx, reply, token);
}

function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.config.secureCookies,
    maxAge: TTL_MS / 1000,
  });
}

export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.sessionTokenHash) {
    await ctx.db.delete(sessions).where(eq(sessions.tokenHash, request.sessionTokenHash));
  }
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.config.secureCookies,
  });
}

/** Ends every session of a member, optionally keeping one (password reset, ban). */
export async function endAllSessions(db: DbOrTx, userId: number, exceptTokenHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptTokenHash
        ? and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${exceptTokenHash}`)
        : eq(sessions.userId, userId),
    );
}

export function requireUser(request: FastifyRequest, message?: string): SessionUser {
  if (!request.user) throw unauthorized(message);
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden("Administrator access required");
  return user;
}

/**
 * Every request of a member starts with this lookup (when the session is not cached): a
 * prepared statement (db/prepared.ts) over every token of the requests that arrived together
 * (db/batch.ts). Each request checks its session's expiry against its own clock reading.
 */
/** Every column of `users` but the password hash: the session never reads it (SessionUser). */
const { passwordHash: _passwordHash, ...sessionUserColumns } = getTableColumns(users);

const lookupSessions = (db: DbOrTx) =>
  prepared(db, "session_lookup_batch", (db, name) =>
    db
      .select({
        tokenHash: sessions.tokenHash,
        user: sessionUserColumns,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          sql`${sessions.tokenHash} = any(${sql.placeholder("tokenHashes")}::text[])`,
          gt(sessions.expiresAt, sql.placeholder("now")),
        ),
      )
      .prepare(name),
  );

type SessionRow = Awaited<ReturnType<ReturnType<typeof lookupSessions>["execute"]>>[number];

async function sessionsForMany(
  db: DbOrTx,
  keys: Array<{ tokenHash: string; now: Date }>,
): Promise<Array<SessionRow | undefined>> {
  const earliest = new Date(Math.min(...keys.map((k) => k.now.getTime())));
  const rows = await lookupSessions(db).execute({
    tokenHashes: wordArray(keys.map((k) => k.tokenHash)),
    now: earliest,
  });
  const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
  return keys.map((k) => byHash.get(k.tokenHash));
}

/**
 * Sessions found by this instance are kept this long (docs/decisions/0040-caches-and-writes-across-instances.md,
 * 0134): any write that may change a member, here or on another instance (platform/write-sync.ts),
 * empties the cache at once, so a logout, a ban or a profile change applies to the next
 * request, and so does the admin command (it announces its change); an instance whose Redis
 * subscription comes back empties it too. This bounds only what nothing announces (a row
 * changed by hand, a message lost while Redis was reachable).
 */
export const SESSION_CACHE_TTL_MS = 60_000;
/**
 * Sessions kept at most (each ~0.9 KB: its member's row). 10,000 held fewer than the members
 * writing within a minute in bench:api's write rows (12,000 in turn): an LRU cycled by more keys
 * than it holds finds none, and every write read its session again (+8 % new posts, +17 % likes
 * at 20,000 in alternated runs, 2026-12-07).
 */
export const SESSION_CACHE_MAX = 20_000;

interface CachedSession {
  /** The member as `request.user` (made once: shared by this session's requests, never changed). */
  user: SessionUser;
  lastSeenAt: Date;
  expiresAt: Date;
  /** When it was read (ctx.now()). */
  at: number;
  bytes: number;
}

/** Resolves `request.user` from the session cookie on every request. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const ctx = app.ctx;
  const cache = new BoundedLru<CachedSession>(SESSION_CACHE_MAX, SESSION_CACHE_MAX);
  app.onWrite(() => cache.clear(), "members");

  /** A session kept and young enough, or undefined (then `find` reads it). */
  const kept = (tokenHash: string, now: Date): CachedSession | undefined => {
    const cached = cache.get(tokenHash);
    return cached && isYounger(cached.at, now.getTime(), SESSION_CACHE_TTL_MS) ? cached : undefined;
  };

  async function find(tokenHash: string, now: Date): Promise<CachedSession | undefined> {
    const cached = kept(tokenHash, now);
    if (cached) return cached;
    const row = await batched(ctx.db, "session_lookup", sessionsForMany)({ tokenHash, now });
    if (!row) {
      cache.delete(tokenHash);
      return undefined;
    }
    const found = {
      user: { ...row.user, isAdmin: isAdmin(ctx, row.user) },
      lastSeenAt: row.lastSeenAt,
      expiresAt: row.expiresAt,
      at: now.getTime(),
      bytes: 1,
    };
    cache.set(tokenHash, found);
    return found;
  }

  /** Whether the session's sliding expiry is due to be pushed back (a write, at most every TOUCH_EVERY_MS). */
  const dueForTouch = (session: CachedSession, now: Date) =>
    now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS;

  /** Signs the request in with a session found valid (a banned member has none, issue 8). */
  const admit = (
    request: FastifyRequest,
    session: CachedSession | undefined,
    now: Date,
    tokenHash: string,
  ) => {
    if (!session || session.expiresAt <= now || session.user.bannedAt) return false;
    request.user = session.user;
    request.sessionTokenHash = tokenHash;
    return true;
  };

  async function resolve(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    tokenHash: string,
    now: Date,
  ) {
    const session = await find(tokenHash, now);
    if (!admit(request, session, now, tokenHash) || !session || !dueForTouch(session, now)) return;
    const expiresAt = new Date(now.getTime() + TTL_MS);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(sessions.tokenHash, tokenHash));
    session.lastSeenAt = now;
    session.expiresAt = expiresAt;
    setSessionCookie(ctx, reply, token);
  }

  app.decorateRequest("user", null);
  app.decorateRequest("sessionTokenHash", null);
  // A callback hook: a session kept in memory signs the request in with no promise and no
  // microtask (every signed-in request goes through here); only a miss or a due touch awaits.
  app.addHook("onRequest", (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return done();
    const tokenHash = hashToken(token);
    const now = ctx.now();
    const session = kept(tokenHash, now);
    if (session && !dueForTouch(session, now)) {
      admit(request, session, now, tokenHash);
      return done();
    }
    resolve(request, reply, token, tokenHash, now).then(() => done(), done);
  });
});

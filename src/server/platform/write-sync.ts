import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppContext } from "./context";
import { getPubSub, publishOnce } from "./pubsub";

/**
 * Per-instance caches that any successful write must reset (issue 12,
 * docs/decisions/0040-caches-and-writes-across-instances.md): the public micro-cache and its shared rows, and the session cache.
 *
 * A write is any POST/PUT/PATCH/DELETE answered below 400. Its own instance resets every
 * registered cache before the answer goes out, so the next request there (the member's refetch
 * after posting, the banned member's next call) sees the change; the write is also announced on
 * the `writes` channel (Redis pub/sub when REDIS_URL is set), and every other instance resets
 * its caches when it hears of it, in practice well before the writer's next request arrives.
 * A background job that changes what public answers show announces it (`announceChange`); an
 * instance whose Redis subscription comes back after a cut resets everything (what it missed is
 * lost). Another process that changes members (the admin command) announces it too
 * (`announceMembersChange`); what no one announces (a row changed by hand) is bounded by each
 * cache's own time to live.
 *
 * A write route may name what it touched (`config: { touches }`, decision 0119): the entities
 * (`post:12`, `thread:3`, `user:7`) whose answers it can change. Caches that keep answers by
 * entity (the public cache's entity answers) then drop only those; every other content cache
 * still resets. A write that names nothing resets everything, so a route without `touches`
 * costs hit rate, never correctness.
 */
export const WRITES_CHANNEL = "writes";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a cache holds: `content` (public answers, shared rows) is reset by every write;
 * `members` (sessions: member rows and session rows) by every write except those whose route
 * says `config: { membersUnchanged: true }` — posting, liking, commenting change no member or
 * session row, and keeping the sessions cached saves a round trip on each such write.
 */
export type CacheScope = "content" | "members";

declare module "fastify" {
  interface FastifyContextConfig {
    /** This write changes no member (users row) and no session: session caches are kept. */
    membersUnchanged?: boolean;
    /**
     * Every entity whose public answers this write can change (decision 0119), and every
     * collection a named list answer shows (decision 0125: `forum:3`, `models`); [] when it
     * changes unnamed lists only. Runs once the handler has answered. Without it (or when it
     * throws or rejects) the write resets every cache.
     */
    touches?: (request: FastifyRequest) => readonly string[] | Promise<readonly string[]>;
  }
  interface FastifyInstance {
    /**
     * Registers a cache reset to run on every write (of its scope), here or on another instance;
     * `touched` is what the write named (null: it named nothing, reset everything).
     */
    onWrite(reset: (touched: readonly string[] | null) => void, scope: CacheScope): void;
    /** Resets this instance's caches now (tests that change rows behind the app's back). */
    resetCaches(): void;
  }
}

/** What an announcement named: a list of strings, or null (anything else: reset everything). */
function touchedOf(value: unknown): readonly string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : null;
}

export const writeSyncPlugin = fp(async (app: FastifyInstance) => {
  const ctx = app.ctx;
  // Tells this instance's own announcements apart from the others' (Redis echoes them back).
  const origin = randomBytes(9).toString("base64url");
  const resets: Array<{ reset: (touched: readonly string[] | null) => void; scope: CacheScope }> = [];
  const resetAfter = (membersChanged: boolean, touched: readonly string[] | null = null) => {
    for (const { reset, scope } of resets) if (membersChanged || scope === "content") reset(touched);
  };
  app.decorate("onWrite", (reset: (touched: readonly string[] | null) => void, scope: CacheScope) => {
    resets.push({ reset, scope });
  });
  app.decorate("resetCaches", () => resetAfter(true));

  const pubsub = getPubSub(ctx);
  const unsubscribe = pubsub.subscribe(WRITES_CHANNEL, (message) => {
    if (message.origin !== origin) resetAfter(message.members !== false, touchedOf(message.touches));
  });
  void pubsub.prepare(WRITES_CHANNEL);
  const unresume = pubsub.onResume(() => resetAfter(true));
  app.addHook("onClose", async () => {
    unsubscribe();
    unresume();
  });

  // App-level onSend: before the answer leaves, so the writer's next request finds no stale entry.
  // A callback hook: reads (nearly every request) pass with no promise; a write awaits its announcement.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    announce(request).then(() => done(null, payload), done);
  });

  async function announce(request: FastifyRequest): Promise<void> {
    const config = request.routeOptions.config;
    const members = config.membersUnchanged !== true;
    let touched: readonly string[] | null = null;
    try {
      touched = config.touches ? await config.touches(request) : null;
    } catch (err) {
      request.log.warn({ err }, "a write's touches failed: every cache is reset");
    }
    resetAfter(members, touched);
    try {
      await pubsub.publish(
        WRITES_CHANNEL,
        touched ? { origin, members, touches: touched } : { origin, members },
      );
    } catch (err) {
      request.log.warn({ err }, "could not announce a write to the other instances");
    }
  }
});

/**
 * A change made outside a request (a background job) that public answers show: announced as a
 * write naming `touches` to every instance, this one included (its origin is no instance's).
 * Sessions and members are left alone.
 */
export async function announceChange(ctx: AppContext, touches: readonly string[]): Promise<void> {
  try {
    await getPubSub(ctx).publish(WRITES_CHANNEL, { origin: "job", members: false, touches });
  } catch (err) {
    ctx.log.warn({ err }, "could not announce a background change");
  }
}

/**
 * A change to members made by another process (the admin command): announced through Redis to
 * every instance, which empties its session and member caches as after any member's write.
 */
export async function announceMembersChange(redisUrl: string, prefix: string): Promise<void> {
  await publishOnce(redisUrl, prefix, WRITES_CHANNEL, { origin: "admin-command", members: true });
}

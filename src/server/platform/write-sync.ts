import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { getPubSub } from "./pubsub";

/**
 * Per-instance caches that any successful write must reset (issue 12, docs/decisions.md
 * "Caches and writes"): the public micro-cache and its shared rows, and the session cache.
 *
 * A write is any POST/PUT/PATCH/DELETE answered below 400. Its own instance resets every
 * registered cache before the answer goes out, so the next request there (the member's refetch
 * after posting, the banned member's next call) sees the change; the write is also announced on
 * the `writes` channel (Redis pub/sub when REDIS_URL is set), and every other instance resets
 * its caches when it hears of it, in practice well before the writer's next request arrives.
 * What no request announces (background jobs, the admin command, an instance that missed a
 * message while Redis was down) is bounded by each cache's own time to live.
 */
export const WRITES_CHANNEL = "writes";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyInstance {
    /** Registers a cache reset to run on every write, on this instance or another one. */
    onWrite(reset: () => void): void;
    /** Resets this instance's caches now (tests that change rows behind the app's back). */
    resetCaches(): void;
  }
}

export const writeSyncPlugin = fp(async (app: FastifyInstance) => {
  const ctx = app.ctx;
  // Tells this instance's own announcements apart from the others' (Redis echoes them back).
  const origin = randomBytes(9).toString("base64url");
  const resets: Array<() => void> = [];
  const resetAll = () => {
    for (const reset of resets) reset();
  };
  app.decorate("onWrite", (reset: () => void) => {
    resets.push(reset);
  });
  app.decorate("resetCaches", resetAll);

  const pubsub = getPubSub(ctx);
  const unsubscribe = pubsub.subscribe(WRITES_CHANNEL, (message) => {
    if (message.origin !== origin) resetAll();
  });
  void pubsub.prepare(WRITES_CHANNEL);
  app.addHook("onClose", async () => unsubscribe());

  // App-level onSend: before the answer leaves, so the writer's next request finds no stale entry.
  app.addHook("onSend", async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    resetAll();
    try {
      await pubsub.publish(WRITES_CHANNEL, { origin });
    } catch (err) {
      request.log.warn({ err }, "could not announce a write to the other instances");
    }
    return payload;
  });
});

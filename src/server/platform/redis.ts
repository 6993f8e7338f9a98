import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * The optional Redis connection (`REDIS_URL`): shared rate limits and cross-instance pub/sub.
 * Redis is never required to serve: while it is unreachable, commands fail at once (no offline
 * queue) and the callers fall back to in-process behaviour (rate-limit.ts, pubsub.ts); ioredis
 * keeps reconnecting in the background (every ≤ 2 s) and the shared behaviour resumes by itself.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  watchRedis(redis, log, "redis");
  return redis;
}

/**
 * Logs a lost connection once (not at every reconnect attempt) and its return once.
 * An ioredis client without an "error" listener would crash the process; this is that listener.
 */
export function watchRedis(client: Redis, log: FastifyBaseLogger | undefined, name: string): void {
  let down = false;
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log?.warn(
      { err: err.message },
      `${name} unavailable: falling back to in-process rate limits and pub/sub until it returns`,
    );
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log?.warn(`${name} reconnected: shared rate limits and pub/sub resume`);
  });
}

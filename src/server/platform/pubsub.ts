import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { AppContext } from "./context";
import { watchRedis } from "./redis";

/**
 * Publish/subscribe between the instances of the app (live notification streams). With Redis
 * (`REDIS_URL`) a message published on one instance reaches the subscribers of every instance;
 * without it, or while Redis is unreachable, delivery stays in this process (an EventEmitter).
 *
 * Channels may carry a key after a colon ("notifications:42"): Redis sees only the base
 * ("agora:notifications", one subscription however many members are connected) and the full
 * channel travels in the message. Local listeners hang off one EventEmitter, so open
 * subscriptions are observable (`listenerCount`). A subscription to "base:*" hears every keyed
 * channel of that base, and is told which one (the members' unread-count cache, decision 0120).
 */
export type Message = Record<string, unknown>;
export type Handler = (message: Message, channel: string) => void;

export interface PubSub {
  publish(channel: string, message: Message): Promise<void>;
  /** Answers the function that removes this subscription. */
  subscribe(channel: string, handler: Handler): () => void;
  /** Makes sure the Redis subscription of a channel's base is in place (awaitable at start-up). */
  prepare(channel: string): Promise<void>;
  listenerCount(channel?: string): number;
  /**
   * Runs `handler` each time the Redis subscription comes back after a cut: what other instances
   * published meanwhile was lost (decision 0126: caches kept until a write names them reset then).
   */
  onResume(handler: () => void): () => void;
  /** The Redis subscriber connection's client name (tests cut it to check `onResume`). */
  readonly subscriberName: string | undefined;
  close(): Promise<void>;
}

/** Subscriber connections made by this process (their client names). */
let subscribers = 0;
const baseOf = (channel: string) => channel.split(":", 1)[0]!;

class LocalBus {
  readonly emitter = new EventEmitter();
  constructor() {
    // Each open stream is one listener; thousands are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }
  emit(channel: string, message: Message): void {
    const keyed = channel.includes(":");
    const listeners = this.emitter.listeners(channel) as Handler[];
    if (keyed) listeners.push(...(this.emitter.listeners(`${baseOf(channel)}:*`) as Handler[]));
    for (const listener of listeners) {
      try {
        listener(message, channel);
      } catch {
        // A failing subscriber never stops delivery to the others.
      }
    }
  }
  count(channel?: string): number {
    if (channel) return this.emitter.listenerCount(channel);
    return this.emitter.eventNames().reduce((n, name) => n + this.emitter.listenerCount(name), 0);
  }
}

/** A message as it travels through Redis: its full channel and itself. */
const envelopeOf = (channel: string, message: Message) => JSON.stringify({ c: channel, m: message });

/**
 * Publishes one message to every instance through Redis from a process that runs no app (the
 * admin command); throws when Redis cannot be reached.
 */
export async function publishOnce(
  redisUrl: string,
  prefix: string,
  channel: string,
  message: Message,
): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  redis.on("error", () => {}); // the rejected promise below tells the caller
  try {
    await redis.connect();
    await redis.publish(prefix + baseOf(channel), envelopeOf(channel, message));
  } finally {
    redis.disconnect();
  }
}

/** `prefix` starts every Redis channel (`REDIS_PREFIX`): deployments sharing a Redis stay apart. */
export function createPubSub(redis: Redis | undefined, log?: AppContext["log"], prefix = "agora:"): PubSub {
  const local = new LocalBus();
  let subscriber: Redis | undefined;
  const redisChannels = new Set<string>();
  const resumeHandlers = new Set<() => void>();
  const subscriberName = redis ? `agora-sub-${process.pid}-${++subscribers}` : undefined;

  if (redis) {
    // A connection in subscriber mode can do nothing else, hence a second one.
    subscriber = redis.duplicate({
      enableOfflineQueue: true,
      lazyConnect: false,
      connectionName: subscriberName,
    });
    watchRedis(subscriber, log, "redis subscriber");
    let connected = false;
    subscriber.on("ready", () => {
      // ioredis subscribes again by itself; what was published during the cut is gone.
      if (connected) {
        for (const handler of resumeHandlers) {
          try {
            handler();
          } catch (err) {
            log?.warn({ err: (err as Error).message }, "a pub/sub resume handler failed");
          }
        }
      }
      connected = true;
    });
    subscriber.on("message", (fullChannel: string, raw: string) => {
      if (!fullChannel.startsWith(prefix)) return;
      let envelope: { c?: unknown; m?: unknown };
      try {
        envelope = JSON.parse(raw) as { c?: unknown; m?: unknown };
      } catch {
        return;
      }
      const { c, m } = envelope;
      if (typeof c !== "string" || baseOf(c) !== fullChannel.slice(prefix.length)) return;
      if (!m || typeof m !== "object") return;
      local.emit(c, m as Message);
    });
  }

  async function ensureRedisSubscription(channel: string): Promise<void> {
    const base = baseOf(channel);
    if (!subscriber || redisChannels.has(base)) return;
    redisChannels.add(base);
    try {
      await subscriber.subscribe(prefix + base);
    } catch (err) {
      redisChannels.delete(base);
      log?.warn({ err: (err as Error).message, channel: base }, "redis subscribe failed");
    }
  }

  const redisReady = () => redis?.status === "ready" && subscriber?.status === "ready";

  return {
    async publish(channel, message) {
      if (redis && redisReady()) {
        try {
          await redis.publish(prefix + baseOf(channel), envelopeOf(channel, message));
          return;
        } catch (err) {
          log?.warn({ err: (err as Error).message }, "redis publish failed; delivering in-process");
        }
      }
      local.emit(channel, message);
    },

    subscribe(channel, handler) {
      local.emitter.on(channel, handler);
      void ensureRedisSubscription(channel);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        local.emitter.off(channel, handler);
      };
    },

    prepare(channel) {
      return ensureRedisSubscription(channel);
    },

    listenerCount(channel) {
      return local.count(channel);
    },

    onResume(handler) {
      resumeHandlers.add(handler);
      return () => resumeHandlers.delete(handler);
    },

    subscriberName,

    async close() {
      local.emitter.removeAllListeners();
      if (subscriber) {
        subscriber.disconnect();
        subscriber = undefined;
      }
    },
  };
}

const instances = new WeakMap<AppContext, PubSub>();

/** The app's one pub/sub (created on first use, over `ctx.redis` when configured). */
export function getPubSub(ctx: AppContext): PubSub {
  let pubsub = instances.get(ctx);
  if (!pubsub) {
    pubsub = createPubSub(ctx.redis, ctx.log, ctx.config.redisPrefix);
    instances.set(ctx, pubsub);
  }
  return pubsub;
}

/** Closes the app's pub/sub, if it was ever created (on app close). */
export async function closePubSub(ctx: AppContext): Promise<void> {
  const pubsub = instances.get(ctx);
  if (!pubsub) return;
  instances.delete(ctx);
  await pubsub.close();
}

import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { tooManyRequests } from "./errors";

export interface Limiter {
  /** Counts one hit for `key`; throws 429 (message contains "rate limit") once over the limit. */
  consume(key: string, message?: string): Promise<void>;
  /** Whether `key` is currently over its limit, without counting a hit. */
  isBlocked(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export interface LimiterSpec {
  name: string;
  points: number;
  durationSec: number;
}

export type LimiterFactory = (spec: LimiterSpec) => Limiter;

function minutes(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return m === 1 ? "1 minute" : `${m} minutes`;
}

/**
 * Limiters shared across instances through Redis when it is configured; if Redis goes down,
 * each instance falls back to counting in memory (the insurance limiter) instead of failing.
 */
export function createLimiterFactory(redis: Redis | undefined): LimiterFactory {
  return (spec) => {
    const memory = new RateLimiterMemory({
      keyPrefix: spec.name,
      points: spec.points,
      duration: spec.durationSec,
    });
    const limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `rl:${spec.name}`,
          points: spec.points,
          duration: spec.durationSec,
          insuranceLimiter: memory,
          rejectIfRedisNotReady: true,
        })
      : memory;
    return {
      async consume(key, message) {
        try {
          await limiter.consume(key);
        } catch (res) {
          if (res instanceof RateLimiterRes) {
            throw tooManyRequests(
              message ??
                `Too many attempts: rate limit reached. Please try again in ${minutes(res.msBeforeNext)}.`,
            );
          }
          throw res;
        }
      },
      async isBlocked(key) {
        const res = await limiter.get(key);
        return res !== null && res.consumedPoints > spec.points;
      },
      async reset(key) {
        await limiter.delete(key);
      },
    };
  };
}

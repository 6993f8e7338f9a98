import { isIPv4, isIPv6 } from "node:net";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { tooManyRequests } from "./errors";

export interface Limiter {
  /** Counts one hit for `key`; throws 429 (message contains "rate limit") once over the limit. */
  consume(key: string, message?: string): Promise<void>;
  /** Whether `key` is currently over its limit, without counting a hit. */
  isBlocked(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
  /** How many hits `key` has in the current window (0 when none). */
  hits(key: string): Promise<number>;
}

/**
 * The key of every per-address limit (issue 25): an IPv4 address as it is, an IPv6 address
 * by its /64 (one household, phone or server is given a whole /64, so counting single IPv6
 * addresses would let one client use 2^64 of them). IPv4-mapped IPv6 (`::ffff:10.0.0.1`)
 * counts as the IPv4 address.
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const [head = "", tail = ""] = bare.toLowerCase().split("::") as [string, string?];
  const left = head ? head.split(":") : [];
  let right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 handled above; others) is two groups.
  const last = right.at(-1) ?? left.at(-1);
  if (last?.includes(".")) right = [...right.slice(0, -1), "0", "0"];
  const groups = bare.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left.map((g) => (g.includes(".") ? "0" : g));
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g || "0", 16).toString(16));
  return `${prefix.join(":")}::/64`;
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
export function createLimiterFactory(redis: Redis | undefined, prefix = "agora:"): LimiterFactory {
  return (spec) => {
    const memory = new RateLimiterMemory({
      keyPrefix: spec.name,
      points: spec.points,
      duration: spec.durationSec,
    });
    const limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}rl:${spec.name}`,
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
      async hits(key) {
        const res = await limiter.get(key);
        return res?.consumedPoints ?? 0;
      },
    };
  };
}

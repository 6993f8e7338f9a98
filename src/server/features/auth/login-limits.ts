import { setTimeout as sleep } from "node:timers/promises";
import type { AppContext } from "../../platform/context";
import { addressKey, type Limiter } from "../../platform/rate-limit";

/**
 * Sign-in limits (issue 25, docs/decisions/0051-login-limits-per-name-and-address.md), keyed so
 * that nobody can lock a member out while guessing stays slow (OWASP Authentication Cheat
 * Sheet, "Account lockout"):
 *
 * - per address (an IPv6 /64 counts as one): 30 attempts in 15 minutes, whatever the username;
 * - per username and address: 10 attempts in 15 minutes; a success, or a password reset from
 *   that address, starts it again;
 * - per username across every address: failures only slow sign-in down (never refuse it):
 *   past 50 in an hour each attempt waits 250 ms more, up to 5 s.
 */
export const LOGIN_LIMITS = {
  perAddress: { points: 30, durationSec: 15 * 60 },
  perNameAndAddress: { points: 10, durationSec: 15 * 60 },
  slowdown: { durationSec: 60 * 60, afterFailures: 50, stepMs: 250, maxMs: 5_000 },
} as const;

export interface LoginLimits {
  /** Counts one attempt from this address and for this username from it; 429 once over either. */
  attempt(username: string, ip: string): Promise<void>;
  /** How long this attempt waits before the password is checked (failures across addresses). */
  delayMs(username: string): Promise<number>;
  failed(username: string): Promise<void>;
  /** After a successful sign-in or password reset from `ip`: the username's counter there restarts. */
  clear(username: string, ip: string): Promise<void>;
}

const byContext = new WeakMap<AppContext, LoginLimits>();

const nameKey = (username: string) => username.trim().toLowerCase();
const pairKey = (username: string, ip: string) => `${nameKey(username)}|${addressKey(ip)}`;

/** One set of counters per app, shared by sign-in and password reset. */
export function loginLimits(ctx: AppContext): LoginLimits {
  const existing = byContext.get(ctx);
  if (existing) return existing;
  const perAddress = ctx.limiter({ name: "login-ip", ...LOGIN_LIMITS.perAddress });
  const perPair = ctx.limiter({ name: "login-user-ip", ...LOGIN_LIMITS.perNameAndAddress });
  // Counts only; never over its limit.
  const failures: Limiter = ctx.limiter({
    name: "login-user-failures",
    points: 1_000_000_000,
    durationSec: LOGIN_LIMITS.slowdown.durationSec,
  });
  const limits: LoginLimits = {
    async attempt(username, ip) {
      await perAddress.consume(addressKey(ip));
      await perPair.consume(pairKey(username, ip));
    },
    async delayMs(username) {
      const { afterFailures, stepMs, maxMs } = LOGIN_LIMITS.slowdown;
      const over = (await failures.hits(nameKey(username))) - afterFailures;
      return over > 0 ? Math.min(maxMs, over * stepMs) : 0;
    },
    async failed(username) {
      await failures.consume(nameKey(username));
    },
    async clear(username, ip) {
      await perPair.reset(pairKey(username, ip));
    },
  };
  byContext.set(ctx, limits);
  return limits;
}

/** Waits `ms` (the slow-down of a username under attack). */
export const wait = (ms: number) => (ms > 0 ? sleep(ms) : Promise.resolve());

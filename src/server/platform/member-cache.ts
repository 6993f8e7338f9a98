import type { FastifyInstance } from "fastify";
import type { AppContext } from "./context";
import { SESSION_CACHE_MAX } from "./session";

/**
 * A small per-member value read once into this instance's memory (a member's blocks and mutes,
 * the hashtags and models they follow): kept until any member-changing write here or on another
 * instance (platform/write-sync.ts; the writes that change such values are of that kind) or
 * `ttlMs`, whichever comes first. One map per app (two apps in one process share nothing); a full
 * map starts over: by default it holds as many members as the sessions kept (session.ts), since
 * the members asking are those signed in (at 10,000, the 12,000 members writing in turn in
 * bench:api's write rows emptied it before any came back: each write read its blocks again). A
 * failed read is not kept.
 */
export interface MemberCache<T> {
  get(ctx: AppContext, userId: number): Promise<T>;
  /** Forgets these members' values at once (a block changes both members'). */
  forget(ctx: AppContext, userIds: readonly number[]): void;
  /** Empties the app's map on every member-changing write (called by the owning feature's plugin). */
  register(app: FastifyInstance): void;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export function memberCache<T>(
  load: (ctx: AppContext, userId: number) => Promise<T>,
  options: { ttlMs: number; max?: number },
): MemberCache<T> {
  const max = options.max ?? SESSION_CACHE_MAX;
  const maps = new WeakMap<AppContext, Map<number, Entry<T>>>();
  const mapOf = (ctx: AppContext) => {
    let map = maps.get(ctx);
    if (!map) {
      map = new Map();
      maps.set(ctx, map);
    }
    return map;
  };
  return {
    get(ctx, userId) {
      const map = mapOf(ctx);
      const now = ctx.now().getTime();
      const hit = map.get(userId);
      if (hit && now - hit.at >= 0 && now - hit.at < options.ttlMs) return hit.value;
      if (map.size >= max) map.clear();
      const value = load(ctx, userId);
      map.set(userId, { at: now, value });
      value.catch(() => map.delete(userId));
      return value;
    },
    forget(ctx, userIds) {
      const map = mapOf(ctx);
      for (const id of userIds) map.delete(id);
    },
    register(app) {
      const map = mapOf(app.ctx);
      app.onWrite(() => map.clear(), "members");
    },
  };
}

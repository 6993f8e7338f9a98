import { BoundedLru } from "../../platform/public-cache";

/**
 * Members' unread counts kept in memory (issue 26, decision 0120): the count every open page
 * polls (every 15 s) and the header shows is answered without a statement while nothing changed.
 *
 * - Every change to a member's notices is announced on `notifications:<id>` (notify, mark read,
 *   mark all read: `publishUnread`, which forgets the count on its own instance at once), on
 *   every instance through Redis; hearing one forgets that member's count here. Writes that change members (a block deletes notices) forget them all.
 * - A count read while an announcement arrived is answered but not kept (it may predate it).
 * - What no announcement tells (a message lost while Redis is down) is at most UNREAD_TTL_MS
 *   behind; bounded to MAX_ENTRIES members (least recently read go first).
 */
export const UNREAD_TTL_MS = 60_000;
export const MAX_ENTRIES = 50_000;

export interface UnreadCache {
  get(userId: number, load: () => Promise<number>): Promise<number>;
  forget(userId: number): void;
  clear(): void;
  readonly size: number;
}

const caches = new WeakMap<object, UnreadCache>();

/** The app's one unread cache (per app context: tests run several apps in one process). */
export function unreadCacheOf(ctx: { now: () => Date }): UnreadCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createUnreadCache(() => ctx.now().getTime());
    caches.set(ctx, cache);
  }
  return cache;
}

export function createUnreadCache(now: () => number, ttlMs = UNREAD_TTL_MS): UnreadCache {
  // A linked LRU: moving a read count to the end of a Map and evicting its first key walked V8's
  // deleted slots at the table's front once full (as NamedLru's drops did, public-cache.ts).
  const entries = new BoundedLru<{ count: number; at: number; bytes: number }>(MAX_ENTRIES, MAX_ENTRIES);
  /** Moves on every forget: a count read across one is not kept. */
  let epoch = 0;
  return {
    async get(userId, load) {
      const entry = entries.get(String(userId));
      const t = now();
      if (entry && t - entry.at >= 0 && t - entry.at < ttlMs) return entry.count;
      const start = epoch;
      const count = await load();
      if (epoch === start) entries.set(String(userId), { count, at: t, bytes: 1 });
      return count;
    },
    forget(userId) {
      epoch += 1;
      entries.delete(String(userId));
    },
    clear() {
      epoch += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

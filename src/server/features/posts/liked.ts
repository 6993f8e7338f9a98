import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { batched, intArray } from "../../db/batch";
import type { DbOrTx } from "../../db/connect";
import { preparedSql } from "../../db/prepared";
import type { AppContext } from "../../platform/context";
import { memberOfLikesEntity } from "../../platform/entities";
import { ENTITY_CACHE_TTL_MS } from "../../platform/public-cache";
import { SESSION_CACHE_MAX } from "../../platform/session";
import { likedAmong } from "./queries";

/**
 * A member's liked posts kept in this instance's memory (decision 0150): a feed page shows twenty
 * posts read once for every viewer, and which of them the member liked was a statement per page.
 * Now a member's likes are read once (one index-only scan, members asking at once in one
 * statement) and kept as a sorted array of post ids; their pages then ask nothing more.
 *
 * Kept until the member likes or unlikes a post, here or on another instance (the like names
 * `likesEntity(member)` among what it touched: platform/write-sync.ts), until any write that names
 * nothing (it may have changed anything), or `KEPT_LIKES_TTL_MS` (a change nobody announced). A
 * member with more than `MAX_KEPT_LIKES` likes is not kept: their pages look their likes up as
 * before. The map holds at most as many members as the sessions kept, and `MAX_KEPT_IDS` post ids
 * in all (4 bytes each); past either it starts over. A deleted post's id may stay in a member's
 * array until then: no page shows it.
 */
export const MAX_KEPT_LIKES = 1_000;
export const MAX_KEPT_IDS = 2_000_000;
/** As long as a kept answer's (platform/public-cache.ts): what nobody announced is bounded alike. */
export const KEPT_LIKES_TTL_MS = ENTITY_CACHE_TTL_MS;

interface Entry {
  at: number;
  /** The member's liked post ids in ascending order, or null: too many to keep. */
  value: Promise<Int32Array | null>;
  /** Ids held once read (counted against MAX_KEPT_IDS). */
  size: number;
}

interface Kept {
  map: Map<number, Entry>;
  ids: number;
}

const perApp = new WeakMap<AppContext, Kept>();

function keptOf(ctx: AppContext): Kept {
  let kept = perApp.get(ctx);
  if (!kept) {
    kept = { map: new Map(), ids: 0 };
    perApp.set(ctx, kept);
  }
  return kept;
}

function clear(kept: Kept): void {
  kept.map.clear();
  kept.ids = 0;
}

function forget(kept: Kept, userId: number): void {
  const entry = kept.map.get(userId);
  if (!entry) return;
  kept.map.delete(userId);
  kept.ids -= entry.size;
}

/** Whether a sorted array holds the id (binary search). */
function holds(ids: Int32Array, id: number): boolean {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = ids[mid] as number;
    if (at === id) return true;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function likesOf(ctx: AppContext, userId: number): Promise<Int32Array | null> {
  const kept = keptOf(ctx);
  const now = ctx.now().getTime();
  const hit = kept.map.get(userId);
  if (hit && now - hit.at >= 0 && now - hit.at < KEPT_LIKES_TTL_MS) return hit.value;
  if (hit) forget(kept, userId);
  if (kept.map.size >= SESSION_CACHE_MAX || kept.ids >= MAX_KEPT_IDS) clear(kept);
  const value = batched(ctx.db, "posts_liked_by_member", likesOfMany)(userId);
  const entry: Entry = { at: now, value, size: 0 };
  kept.map.set(userId, entry);
  value.then(
    (ids) => {
      // Forgotten meanwhile (a like, a reset): it was not counted, nor is it kept.
      if (kept.map.get(userId) !== entry || !ids) return;
      entry.size = ids.length;
      kept.ids += ids.length;
    },
    () => {
      if (kept.map.get(userId) === entry) kept.map.delete(userId);
    },
  );
  return value;
}

/**
 * Members asking at once are read together (db/batch.ts): each member's first likes past the cap's,
 * as one row per member (the ids as a comma-separated text, ascending): a row per like made the
 * driver parse ~50 rows of a member's first read, more than the page they came with.
 */
async function likesOfMany(db: DbOrTx, userIds: number[]): Promise<Array<Int32Array | null>> {
  const rows = await likedRows(db).all({ users: intArray(userIds) });
  const lists = userIds.map((): Int32Array | null => EMPTY_IDS);
  for (const { i, ids } of rows) lists[i - 1] = ids === null ? EMPTY_IDS : idsOf(ids);
  return lists;
}

const EMPTY_IDS = new Int32Array(0);

/** "3,17,42" as its ids in order, or null past MAX_KEPT_LIKES. */
export function idsOf(text: string): Int32Array | null {
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count += 1;
  if (count > MAX_KEPT_LIKES) return null;
  const ids = new Int32Array(count);
  let at = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      ids[at++] = n;
      n = 0;
    } else n = n * 10 + (c - 48);
  }
  ids[at] = n;
  return ids;
}

const likedRows = (db: DbOrTx) =>
  preparedSql<{ i: number; ids: string | null }>(
    db,
    "posts_liked_by_member_ids",
    () => sql`SELECT u.i::int AS i, (
        SELECT string_agg(l.post_id::text, ',' ORDER BY l.post_id) FROM (
          SELECT post_id FROM post_likes WHERE user_id = u.id ORDER BY post_id LIMIT ${sql.raw(String(MAX_KEPT_LIKES + 1))}
        ) l
      ) AS ids
      FROM unnest(${sql.placeholder("users")}::int[]) WITH ORDINALITY AS u(id, i)`,
  );

/** Starts reading the member's likes (when not kept) so that a page read meanwhile finds them ready. */
export function keepLikesOf(ctx: AppContext, userId: number): void {
  likesOf(ctx, userId).catch(() => {}); // a failure is the page's, which asks again
}

/** Which of these posts the member liked: from the kept array, or a lookup for a member with too many. */
export async function likedByMember(
  ctx: AppContext,
  userId: number,
  postIds: readonly number[],
): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const ids = await likesOf(ctx, userId);
  if (ids === null) return likedAmong(ctx.db, userId, postIds);
  const liked = new Set<number>();
  for (const id of postIds) if (holds(ids, id)) liked.add(id);
  return liked;
}

/** The app forgets a member's kept likes when a write names them, and all of them when one names nothing. */
export function registerKeptLikes(app: FastifyInstance): void {
  const kept = keptOf(app.ctx);
  app.onWrite((touched) => {
    if (touched === null) return clear(kept);
    for (const name of touched) {
      const userId = memberOfLikesEntity(name);
      if (userId !== null) forget(kept, userId);
    }
  }, "content");
}

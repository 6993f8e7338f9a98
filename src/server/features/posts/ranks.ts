import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { createPeriodicWork } from "../../platform/buffers";

/**
 * The Hot and Top ranks refreshed apart from the counters (decision 0147). A like, a comment or a
 * view changes only a post's counters, which no index holds, so the row is updated in place (a
 * HOT update: no index entry written); a trigger notes the post in `post_rank_changes`. Every
 * `refreshMs` the noted posts get their Hot score (decision 0103's formula, `post_hot_score`) and
 * Top's likes from their counters, in chunks, each chunk one statement and one commit. A post
 * liked a hundred times between two refreshes has its index entries rewritten once, not a hundred
 * times (the ranks are indexed, so that update is not HOT).
 *
 * Instances refresh at once without waiting on each other (`SKIP LOCKED`); a refresh that fails
 * leaves its posts noted for the next. Posts per refresh statement: `CHUNK` (a like of one of them
 * waits for it; chunks of 100 showed in the likes' p99).
 */
const CHUNK = 20;

export interface RankRefresher {
  /** Refreshes every post noted now (also run by the timer and on close). */
  flush(): Promise<void>;
  /** Stops the timer. */
  stop(): void;
}

/**
 * Refreshes up to `limit` noted posts' ranks; how many it refreshed. Each post is locked before
 * its note is taken, as a like takes them (the post's row, then its note): a post another
 * transaction is changing right now is skipped, its note left for the next refresh, so a refresh
 * never waits on a like nor a like on a refresh's note. A deleted post's note goes.
 */
export async function refreshRanks(db: DbOrTx, limit = CHUNK): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH picked AS (
          SELECT post_id FROM post_rank_changes ORDER BY post_id LIMIT ${limit}
        ),
        locked AS (
          SELECT id FROM posts WHERE id IN (SELECT post_id FROM picked)
           ORDER BY id FOR NO KEY UPDATE SKIP LOCKED
        ),
        ranked AS (
          UPDATE posts p SET hot_score = post_hot_score(p.likes, p.comments, p.views, p.created_at),
                             ranked_likes = p.likes
            FROM locked WHERE p.id = locked.id
        ),
        taken AS (
          DELETE FROM post_rank_changes c WHERE c.post_id IN (SELECT post_id FROM picked)
             AND (c.post_id IN (SELECT id FROM locked) OR NOT EXISTS (SELECT 1 FROM posts WHERE id = c.post_id))
        )
        SELECT count(*)::int AS n FROM locked`,
  );
  return rows[0]?.n ?? 0;
}

export function createRankRefresher(
  db: DbOrTx,
  options: { refreshMs: number; onError?: (err: unknown) => void },
): RankRefresher {
  return createPeriodicWork(options.refreshMs, async () => {
    try {
      while ((await refreshRanks(db)) === CHUNK) {
        // more noted than a chunk: the next one
      }
    } catch (err) {
      options.onError?.(err);
    }
  });
}

import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { createHeldWrites } from "../../platform/buffers";

/**
 * Post views without a write per read (issue 26, decision 0113). Opening a post counts one view
 * per viewer per post per hour, as before, but the view is held in this instance's memory and
 * written with the others of the last moments in one statement: reading a post never waits for
 * a write, and a popular post's counter row is updated once per flush, not once per reader.
 *
 * - The database's unique key (post, viewer, hour) stays the judge: a viewer counted by another
 *   instance, or before a restart, is not counted twice when this instance flushes.
 * - The answer to the reader includes the views this instance holds for the post, so a reader
 *   sees their own view counted at once.
 * - What is held is lost only if the process dies without closing (SIGKILL): at most one flush
 *   interval of views. A clean shutdown flushes.
 */
/** Views written per statement (three parameters each). */
const BATCH = 1_000;
/** Keys remembered for the current hour; beyond it the database's key alone deduplicates. */
const SEEN_MAX = 200_000;
const HOUR_MS = 60 * 60 * 1000;

type View = { id: number; viewerKey: string; hour: Date };

export type ViewBuffer = {
  /** Holds a view unless this viewer's view of this post this hour is already known here. */
  record(postId: number, viewerKey: string, hour: Date): void;
  /** Views held for a post and not yet written. */
  pendingFor(postId: number): number;
  /** Writes what is held (also run by the timer and on close). */
  flush(): Promise<void>;
  /** Stops the timer (the app's close then flushes). */
  stop(): void;
};

export function createViewBuffer(
  db: DbOrTx,
  options: { flushMs: number; onError?: (err: unknown) => void },
): ViewBuffer {
  // Per hour, the (post, viewer) pairs already held or written by this instance.
  const seen = new Map<number, Set<string>>();
  const held = createHeldWrites<View>({
    flushMs: options.flushMs,
    ...(options.onError ? { onError: options.onError } : {}),
    async write(views) {
      for (let i = 0; i < views.length; i += BATCH) {
        const chunk = views.slice(i, i + BATCH);
        const rows = sql.join(
          chunk.map((v) => sql`(${v.id}::int, ${v.viewerKey}::text, ${v.hour.toISOString()}::timestamptz)`),
          sql`, `,
        );
        // A post deleted meanwhile is skipped (its views go with it); the counters move by the rows
        // the unique key let in, in id order (as a batch of likes does: decision 0146).
        await db.execute(sql`
          WITH v (post_id, viewer_key, hour) AS (VALUES ${rows}),
          ins AS (
            INSERT INTO post_views (post_id, viewer_key, hour)
            SELECT v.post_id, v.viewer_key, v.hour FROM v WHERE EXISTS (SELECT 1 FROM posts p WHERE p.id = v.post_id)
            ON CONFLICT DO NOTHING
            RETURNING post_id
          ),
          counted AS (SELECT post_id, count(*)::int AS n FROM ins GROUP BY post_id ORDER BY post_id)
          UPDATE posts SET views = posts.views + counted.n FROM counted WHERE posts.id = counted.post_id`);
      }
    },
  });

  return {
    record(postId, viewerKey, hour) {
      const hourMs = hour.getTime();
      let keys = seen.get(hourMs);
      if (!keys) {
        // A new hour: the hours before the previous one are done with.
        for (const old of seen.keys()) if (old < hourMs - HOUR_MS) seen.delete(old);
        keys = new Set();
        seen.set(hourMs, keys);
      }
      const key = `${postId}|${viewerKey}`;
      if (keys.has(key)) return;
      if (keys.size >= SEEN_MAX) keys.clear();
      keys.add(key);
      held.hold({ id: postId, viewerKey, hour });
    },
    pendingFor: held.pendingFor,
    flush: held.flush,
    stop: held.stop,
  };
}

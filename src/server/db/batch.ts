import type { DbOrTx } from "./connect";

/**
 * Reads that many concurrent requests make with different parameters — a member's likes on a
 * feed page, their notifications, their unread count, a session lookup — are gathered for one
 * turn of the event loop and answered by one statement over all of them (docs/decisions/0041-batched-hot-reads.md). Under load that is one round trip, one statement for PostgreSQL to run
 * and one answer to parse for several requests, where each used to cost its own: the write to
 * PostgreSQL's socket alone was ~30% of the server's time. A lone request waits one turn of the
 * event loop (microseconds).
 *
 * `run` gets the keys in arrival order and answers one result per key, in the same order. A
 * failure fails every call of the batch. Built once per database handle and name, like
 * `prepared` (a transaction's handle gets its own, so nothing crosses a transaction).
 */
const batchers = new WeakMap<object, Map<string, unknown>>();

export function batched<K, R>(
  db: DbOrTx,
  name: string,
  run: (db: DbOrTx, keys: K[]) => Promise<R[]>,
  /**
   * Most keys per statement. One statement runs in one PostgreSQL process: a read that makes
   * PostgreSQL work (a notifications page: twenty heap fetches and a join) keeps batches small so
   * several run side by side on the pool's connections.
   */
  maxBatch = 64,
): (key: K) => Promise<R> {
  let byName = batchers.get(db);
  if (!byName) {
    byName = new Map();
    batchers.set(db, byName);
  }
  let batcher = byName.get(name) as ((key: K) => Promise<R>) | undefined;
  if (!batcher) {
    batcher = createBatcher(db, run, maxBatch);
    byName.set(name, batcher);
  }
  return batcher;
}

interface Waiting<K, R> {
  key: K;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

function createBatcher<K, R>(db: DbOrTx, run: (db: DbOrTx, keys: K[]) => Promise<R[]>, maxBatch: number) {
  let open: Waiting<K, R>[] | null = null;
  const flush = async (batch: Waiting<K, R>[]) => {
    if (open === batch) open = null;
    try {
      const results = await run(
        db,
        batch.map((w) => w.key),
      );
      batch.forEach((w, i) => {
        w.resolve(results[i] as R);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  return (key: K) =>
    new Promise<R>((resolve, reject) => {
      if (open === null) {
        const batch: Waiting<K, R>[] = [];
        open = batch;
        setImmediate(() => void flush(batch));
      }
      open.push({ key, resolve, reject });
      if (open.length >= maxBatch) open = null; // full: the next call opens another batch
    });
}

/** An integer list as a PostgreSQL array literal, for an `$n::int[]` parameter. */
export const intArray = (values: readonly number[]): string => `{${values.join(",")}}`;

/**
 * A list of plain words (base64url hashes, kinds, ISO times: no comma, quote, brace, backslash
 * or space) as a PostgreSQL array literal, for a `$n::text[]` (or `::timestamptz[]`) parameter.
 */
export function wordArray(values: readonly string[]): string {
  for (const v of values) {
    if (!/^[\w:.+-]+$/.test(v) || v.toUpperCase() === "NULL") throw new Error(`not a plain word: ${v}`);
  }
  return `{${values.join(",")}}`;
}

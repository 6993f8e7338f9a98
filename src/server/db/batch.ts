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

/** An integer list (nulls allowed) as a PostgreSQL array literal, for an `$n::int[]` parameter. */
export const intArray = (values: readonly (number | null)[]): string =>
  `{${values.map((v) => (v === null ? "NULL" : v)).join(",")}}`;

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

/**
 * Writes that many members make at once — a like, a notice — gathered like the reads above, so
 * one statement and one commit serve a batch (docs/decisions/0146-batched-hot-writes.md): under
 * load each such statement cost PostgreSQL about as much again in starting, planning and
 * committing as in its rows, and the server a socket write.
 *
 * Unlike a read's batches, one batch of a name runs at a time on a handle (the next gathers
 * while it runs, and goes as soon as it ends): two of them locking the same rows in different
 * orders could wait on each other. Two calls with the same `keyOf` never share a batch (the
 * later one goes in the next), so a statement meets each row once. A batch that fails (a
 * deadlock with another instance's, one row's constraint) is run again one call at a time, so
 * each call gets its own answer or its own error; a failed statement changed nothing.
 */
export function batchedWrite<K, R>(
  db: DbOrTx,
  name: string,
  run: (db: DbOrTx, keys: K[]) => Promise<R[]>,
  keyOf: (key: K) => string,
  maxBatch = 64,
): (key: K) => Promise<R> {
  let byName = batchers.get(db);
  if (!byName) {
    byName = new Map();
    batchers.set(db, byName);
  }
  let batcher = byName.get(`write:${name}`) as ((key: K) => Promise<R>) | undefined;
  if (!batcher) {
    batcher = createWriteBatcher(db, run, keyOf, maxBatch);
    byName.set(`write:${name}`, batcher);
  }
  return batcher;
}

function createWriteBatcher<K, R>(
  db: DbOrTx,
  run: (db: DbOrTx, keys: K[]) => Promise<R[]>,
  keyOf: (key: K) => string,
  maxBatch: number,
) {
  let waiting: Waiting<K, R>[] = [];
  let running = false;
  let scheduled = false;

  const runAlone = async (w: Waiting<K, R>) => {
    try {
      const [result] = await run(db, [w.key]);
      w.resolve(result as R);
    } catch (err) {
      w.reject(err);
    }
  };

  const next = async () => {
    scheduled = false;
    if (running || waiting.length === 0) return;
    const batch: Waiting<K, R>[] = [];
    const later: Waiting<K, R>[] = [];
    const keys = new Set<string>();
    for (const w of waiting) {
      const k = keyOf(w.key);
      if (batch.length >= maxBatch || keys.has(k)) later.push(w);
      else {
        keys.add(k);
        batch.push(w);
      }
    }
    waiting = later;
    running = true;
    try {
      const results = await run(
        db,
        batch.map((w) => w.key),
      );
      batch.forEach((w, i) => {
        w.resolve(results[i] as R);
      });
    } catch (err) {
      if (batch.length === 1) batch[0]?.reject(err);
      else for (const w of batch) await runAlone(w);
    } finally {
      running = false;
      schedule();
    }
  };

  const schedule = () => {
    if (scheduled || running || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => void next());
  };

  return (key: K) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      schedule();
    });
}

/**
 * Any texts (or nulls) as a PostgreSQL array literal, for a `$n::text[]` parameter: each
 * element quoted, its backslashes and double quotes escaped.
 */
export function textArray(values: readonly (string | null)[]): string {
  const quoted = values.map((v) => (v === null ? "NULL" : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`));
  return `{${quoted.join(",")}}`;
}

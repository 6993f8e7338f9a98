import { createRequire } from "node:module";
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Database } from "../db/connect";
import { settleWithin } from "./settle";

/**
 * pg-boss 10 completes and fails a worker's jobs without awaiting the call (manager.js,
 * `onFetch`): when the database refuses it (the pool's connect timeout under a burst of load),
 * the rejection was unhandled and Node ended the server (2026-11-27, under the HTML bench). Each
 * call's promise now carries a handler; a caller that awaits it still sees the error, and a job
 * left active is expired and retried by pg-boss as any interrupted job is.
 */
export function handleRejectionsOf(proto: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    const original = proto[name];
    if (typeof original !== "function" || (original as { handled?: boolean }).handled) continue;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      const result = (original as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) result.catch(() => {});
      return result;
    };
    proto[name] = Object.assign(wrapped, { handled: true });
  }
}
export const PgBossManager = createRequire(import.meta.url)("pg-boss/src/manager.js") as {
  prototype: Record<string, unknown>;
};
handleRejectionsOf(PgBossManager.prototype, ["complete", "fail"]);

/**
 * The application's background work (mail, push, the notification digest) as jobs in the
 * database, on pg-boss 10: a job is a row, taken by one worker with FOR UPDATE SKIP LOCKED, so
 * several instances on one database never run it twice; it survives a restart; a failed attempt
 * is retried later by whichever instance is up. pg-boss keeps its tables in the `pgboss` schema,
 * installed (and upgraded) by `start()`, and talks to the app's own connection: the PostgreSQL
 * pool, or the PGlite instance (one process, one connection). See docs/decisions/0035-job-queue.md.
 *
 * Features `define` their job kinds while they are registered; `buildApp` then `start`s the
 * queue, and `app.close()` `stop`s it: jobs in progress get a few seconds to finish, the rest
 * are failed back to the queue and retried later (by this or another instance).
 */
export interface RetryPolicy {
  /** Attempts after the first. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay on each attempt (with jitter). */
  retryBackoff: boolean;
  /** An attempt running longer than this is considered lost (crashed instance) and retried. */
  expireInSeconds: number;
}

export interface JobInfo {
  id: string;
  /** Attempts made before this one. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobQueueOptions {
  /** Run workers and periodic jobs in this instance (default true); off, jobs are only stored. */
  workers?: boolean;
  /** How often an idle worker looks for new jobs (default 2 s; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Retry policy overrides by job name (tests use second-long delays). */
  retry?: Record<string, Partial<RetryPolicy>>;
  /** Interval overrides of periodic jobs by name, in seconds (tests tick every second). */
  intervals?: Record<string, number>;
}

export interface JobQueue {
  /** Registers a job kind and its handler. A handler that throws is retried per the policy. */
  define<T extends object>(name: string, handler: JobHandler<T>, policy?: Partial<RetryPolicy>): void;
  /** Runs `handler` every `seconds`, on one instance per period (a pg-boss singleton slot). */
  every(name: string, seconds: number, handler: () => Promise<void>): void;
  /** Stores a job; answers its id. Throws only when the database refuses it. */
  send<T extends object>(name: string, data: T): Promise<string | null>;
  /**
   * Resolves once no job of these kinds (default: all) is due or running, in any instance
   * (tests; jobs waiting for a later retry do not count). Needs workers.
   */
  drain(names?: string[], timeoutMs?: number): Promise<void>;
  /** Jobs of a kind in the given states (e.g. "retry": waiting for another attempt). */
  count(name: string, states: JobState[]): Promise<number>;
  readonly workers: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

export const DEFAULT_RETRY: RetryPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

/** How long `stop()` lets jobs in progress finish before failing them back to the queue. */
const STOP_GRACE_MS = 5_000;
const SCHEMA = "pgboss";

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

interface QueryClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
interface PgliteClient extends QueryClient {
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * pg-boss's `db` adapter over the app's connection. pg-boss sends some scripts of several
 * statements (BEGIN; …; COMMIT) without parameters: PostgreSQL's simple protocol runs them on
 * one pooled connection; PGlite needs `exec` for them (its `query` takes one statement).
 */
function executorFor(database: Database): Executor {
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  if (database.kind === "postgres") {
    return { executeSql: (text, values) => client.query(text, values) };
  }
  const lite = client as PgliteClient;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return lite.query(text, values);
      const results = await lite.exec(text);
      return results.length === 1 ? results[0]! : { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

interface Definition {
  handler: JobHandler<object>;
  policy: RetryPolicy;
}

export function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  options: JobQueueOptions = {},
): JobQueue {
  const workers = options.workers ?? true;
  const polling = options.pollingIntervalSeconds ?? 2;
  const definitions = new Map<string, Definition>();
  const periodic = new Map<string, number>();
  const executor = executorFor(database);
  const sends = new Set<Promise<unknown>>();
  const running = new Set<Promise<unknown>>();
  const workerIds = new Map<string, string>();
  const timers: NodeJS.Timeout[] = [];
  let boss: PgBoss | undefined;
  let state: "new" | "starting" | "started" | "stopped" = "new";

  const track = <T>(set: Set<Promise<unknown>>, p: Promise<T>): Promise<T> => {
    set.add(p);
    p.finally(() => set.delete(p)).catch(() => {});
    return p;
  };

  const define: JobQueue["define"] = (name, handler, policy = {}) => {
    if (state !== "new") throw new Error(`job ${name} defined after the queue started`);
    definitions.set(name, {
      handler: handler as JobHandler<object>,
      policy: { ...DEFAULT_RETRY, ...policy, ...options.retry?.[name] },
    });
  };

  const run = async (name: string, def: Definition, jobs: PgBoss.JobWithMetadata<object>[]) => {
    for (const job of jobs) {
      // A job fetched while the instance shuts down goes back to the queue (failed → retried).
      if (state === "stopped") throw new Error("shutting down; the job is retried later");
      const info = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
      await track(
        running,
        def.handler(job.data, info).catch((err) => {
          const last = job.retryCount >= job.retryLimit;
          log[last ? "error" : "warn"](
            { err, job: name, id: job.id, attempt: job.retryCount + 1 },
            last ? "job failed; giving up" : "job failed; will retry",
          );
          throw err;
        }),
      );
    }
    // pg-boss waits a polling interval after every fetch; after a job, look again at once.
    const id = workerIds.get(name);
    if (id) boss?.notifyWorker(id);
  };

  return {
    workers,
    define,

    every(name, seconds, handler) {
      define(name, async () => handler(), { retryLimit: 0, expireInSeconds: Math.max(60, seconds * 5) });
      periodic.set(name, options.intervals?.[name] ?? seconds);
    },

    async start() {
      if (state !== "new") return;
      state = "starting";
      // Two instances installing the schema on an empty database at the same moment can collide
      // (pg-boss creates the schema before taking its lock): the loser tries again.
      for (let attempt = 1; ; attempt++) {
        boss = new PgBoss({
          db: executor as PgBoss.Db,
          schema: SCHEMA,
          schedule: false,
          supervise: true,
          migrate: true,
        });
        boss.on("error", (err) => log.warn({ err }, "job queue error"));
        try {
          await boss.start();
          break;
        } catch (err) {
          if (attempt >= 3) throw err;
          log.warn({ err, attempt }, "job queue did not start; trying again");
          await new Promise((r) => setTimeout(r, 300 * attempt));
        }
      }
      const existing = new Set((await boss.getQueues()).map((q) => q.name));
      for (const name of definitions.keys()) {
        if (!existing.has(name)) await boss.createQueue(name).catch(() => {}); // another instance won
      }
      state = "started";
      if (!workers) return;
      for (const [name, def] of definitions) {
        const id = await boss.work<object>(
          name,
          { pollingIntervalSeconds: polling, batchSize: 1, includeMetadata: true },
          (jobs) => run(name, def, jobs),
        );
        workerIds.set(name, id);
      }
      const b = boss;
      for (const [name, seconds] of periodic) {
        const timer = setInterval(() => {
          // One job per period across instances: the first instance to insert it wins the slot.
          void track(sends, b.sendThrottled(name, {}, { retryLimit: 0 }, seconds, name)).catch((err) =>
            log.warn({ err, job: name }, "could not queue a periodic job"),
          );
        }, seconds * 1000);
        timer.unref();
        timers.push(timer);
      }
    },

    async send(name, data) {
      const def = definitions.get(name);
      if (!def) throw new Error(`unknown job ${name}`);
      if (!boss || state === "new" || state === "stopped") throw new Error(`job queue not running (${name})`);
      const { policy } = def;
      const id = await track(
        sends,
        boss.send(name, data, {
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: policy.retryBackoff,
          expireInSeconds: policy.expireInSeconds,
        }),
      );
      // This instance's worker picks it up now rather than at its next poll.
      const worker = workerIds.get(name);
      if (worker && state === "started") boss.notifyWorker(worker);
      return id;
    },

    async drain(names = [...definitions.keys()], timeoutMs = 20_000) {
      if (!workers) throw new Error("drain needs the job workers (buildApp jobs.workers)");
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await Promise.allSettled([...sends]);
        const { rows } = await executor.executeSql(
          `SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = ANY($1::text[])
             AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
          [names],
        );
        const due = (rows[0] as { n: number }).n;
        if (due === 0 && sends.size === 0 && running.size === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs not drained within ${timeoutMs} ms (${due} due)`);
        for (const id of workerIds.values()) boss?.notifyWorker(id);
        await new Promise((r) => setTimeout(r, 20));
      }
    },

    async count(name, states) {
      const { rows } = await executor.executeSql(
        `SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = $1 AND state::text = ANY($2::text[])`,
        [name, states],
      );
      return (rows[0] as { n: number }).n;
    },

    async stop() {
      if (state === "stopped") return;
      const wasStarted = state === "started";
      state = "stopped";
      for (const timer of timers) clearInterval(timer);
      await settleWithin(sends, STOP_GRACE_MS);
      if (!boss || !wasStarted) return;
      // Jobs in progress get the grace period; those still running are failed back to the queue.
      await boss
        .stop({ graceful: true, wait: true, close: false, timeout: STOP_GRACE_MS })
        .catch((err) => log.warn({ err }, "job queue did not stop cleanly"));
      await settleWithin(running, 1_000);
    },
  };
}

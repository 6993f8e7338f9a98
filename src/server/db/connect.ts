import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle handle every query takes as its first argument (PGlite and node-postgres alike). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for a throwaway database. */
  pgliteDir?: string;
  poolSize?: number;
}

export async function connectDatabase(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) return connectPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return connectPglite(opts.pgliteDir ?? "memory://");
}

async function connectPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // Timestamps and bigints come back as strings/ISO; counts are cast to int in SQL.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A request waits at most 5 s for a connection (from the pool or a new one): long enough for
    // a saturated pool at peak load (2 s produced spurious 503s in the load benchmark), short
    // enough that requests never hang when the database is unreachable; a stopped database
    // refuses connections at once, so those requests answer 503 immediately (docs/reliability.md).
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Detects a connection whose peer vanished without closing it (network partition).
    keepAlive: true,
    // No JIT: the app's statements are short OLTP queries; JIT compilation (triggered by cost
    // estimates, e.g. of a never-executed search branch) added ~80 ms to 1 ms queries
    // (docs/performance.md).
    options: "-c jit=off",
  });
  pool.on("error", () => {
    // An idle client lost its connection (e.g. the server restarted); the pool replaces it.
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async exec(sql) {
      // One dedicated connection, so a failed script's open transaction is rolled back here
      // instead of being handed to the next request.
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
    },
  };
}

async function connectPglite(dir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  let release: (() => void) | undefined;
  if (!dir.startsWith("memory://")) {
    fs.mkdirSync(dir, { recursive: true });
    release = acquireLock(path.join(dir, "..", "agora.lock"));
  }
  const client = await PGlite.create(dir.startsWith("memory://") ? undefined : dir, {
    extensions: { pg_trgm },
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async exec(sql) {
      try {
        await client.exec(sql);
      } catch (err) {
        await client.exec("ROLLBACK").catch(() => {});
        throw err;
      }
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      await client.close();
      release?.();
    },
  };
}

/**
 * PGlite allows one process per data directory; a second one corrupts it.
 * The lock file holds the owner's pid and, on Linux, that process's start time. A lock whose
 * process is dead — e.g. after a SIGKILL or a power cut — is stale and taken over. The start
 * time tells a live owner from an unrelated process that reuses the dead owner's pid (common in
 * containers, where pids restart from 1 after a crash), which would otherwise block restarts.
 */
export function acquireLock(file: string): () => void {
  const write = () => {
    const started = processStartTime(process.pid);
    fs.writeFileSync(file, started ? `${process.pid} ${started}` : String(process.pid), { flag: "wx" });
  };
  try {
    write();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const [pidText, started] = fs.readFileSync(file, "utf8").trim().split(/\s+/);
    const pid = Number(pidText);
    if (pid && pid !== process.pid && isAlive(pid) && sameProcess(pid, started)) {
      throw new Error(
        `The embedded database in ${path.dirname(file)} is in use by process ${pid}. ` +
          "PGlite allows one server per DATA_DIR: stop the other one, or set DATABASE_URL to use PostgreSQL.",
      );
    }
    fs.rmSync(file, { force: true });
    write();
  }
  return () => fs.rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22); Linux only. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** Whether the live `pid` is still the process that wrote the lock (unknown → assume it is). */
function sameProcess(pid: number, started: string | undefined): boolean {
  if (!started) return true;
  const now = processStartTime(pid);
  return now === undefined || now === started;
}

/** Runs raw SQL and answers its rows (PGlite and node-postgres both return `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: import("drizzle-orm").SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

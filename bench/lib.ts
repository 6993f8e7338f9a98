/**
 * Shared by the benchmark scripts: the database they fill and read, either PostgreSQL
 * (BENCH_DATABASE_URL, the default) or the embedded PGlite the app uses by default
 * (BENCH_TARGET=pglite, data directory BENCH_DATA_DIR = the server's DATA_DIR).
 *
 *   BENCH_TARGET        postgres (default) | pglite
 *   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/agora_bench
 *   BENCH_DATA_DIR      PGlite: the server's DATA_DIR (the database is in <dir>/db), default
 *                       /tmp/agora-pglite-bench; the path must contain "bench" (it is wiped)
 *   BENCH_SERVER        the server entry to run, default dist/server/main.js
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { connectDatabase } from "../src/server/db/connect";
import { usernameSkeleton } from "../src/server/platform/username-skeleton";

/** A hashtag only the oldest 80 % of the generated posts carry (a faded trend: decision 0135). */
export const FADED_TAG = "GPT3";

export const root = path.resolve(import.meta.dirname, "..");
export const benchTarget: "postgres" | "pglite" =
  process.env.BENCH_TARGET === "pglite" ? "pglite" : "postgres";
if (process.env.BENCH_TARGET && !["postgres", "pglite"].includes(process.env.BENCH_TARGET)) {
  throw new Error(`BENCH_TARGET must be "postgres" or "pglite", not "${process.env.BENCH_TARGET}"`);
}
export const benchDatabaseUrl =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/agora_bench";
export const benchDataDir = path.resolve(process.env.BENCH_DATA_DIR ?? "/tmp/agora-pglite-bench");
export const benchServer = path.resolve(root, process.env.BENCH_SERVER ?? "dist/server/main.js");

// biome-ignore lint/suspicious/noExplicitAny: rows of ad-hoc SQL, as node-postgres types them
export type Row = Record<string, any>;

/** The little the bench scripts need from a database connection (node-postgres' shape). */
export interface BenchDb {
  kind: "postgres" | "pglite";
  /** With parameters: one statement. Without: a script of one or more statements (last result). */
  query(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  end(): Promise<void>;
}

interface PgliteLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(sql: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * Opens the bench database. PGlite is opened the way the app opens it (src/server/db/connect.ts:
 * `<dataDir>/db`, the pg_trgm extension, the `agora.lock` file), so the server cannot run on the
 * same directory meanwhile: close it before starting the server.
 */
export async function openBenchDb(url = benchDatabaseUrl, dataDir = benchDataDir): Promise<BenchDb> {
  if (benchTarget === "postgres") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      kind: "postgres",
      query: (sql, params) => client.query(sql, params),
      end: () => client.end(),
    };
  }
  const database = await connectDatabase({ pgliteDir: path.join(dataDir, "db") });
  const client = (database.db as unknown as { $client: PgliteLike }).$client;
  return {
    kind: "pglite",
    async query(sql, params) {
      if (params !== undefined) return (await client.query(sql, params)) as { rows: Row[] };
      const results = await client.exec(sql);
      return { rows: (results[results.length - 1]?.rows ?? []) as Row[] };
    },
    end: () => database.close(),
  };
}

/**
 * The environment that points the production server at the bench database. `applicationName`
 * tags the server's PostgreSQL connections (pg_stat_activity.application_name), so a tool can
 * count its own server's connections even when something else uses the same database.
 */
export function serverDatabaseEnv(scratchDir: string, applicationName?: string): NodeJS.ProcessEnv {
  if (benchTarget === "pglite") return { DATABASE_URL: undefined, DATA_DIR: benchDataDir };
  const url = new URL(benchDatabaseUrl);
  if (applicationName) url.searchParams.set("application_name", applicationName);
  return { DATABASE_URL: url.toString(), DATA_DIR: scratchDir };
}

/** "PostgreSQL 15.x" or "PGlite 0.x (PostgreSQL 17.x)", for reports. */
export async function describeDatabase(db: BenchDb): Promise<string> {
  const version = (await db.query("SHOW server_version")).rows[0]?.server_version as string;
  if (db.kind === "postgres") return `PostgreSQL ${version}`;
  const pkgFile = path.join(root, "node_modules/@electric-sql/pglite/package.json");
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8")) as { version: string };
  return `PGlite ${pkg.version} (PostgreSQL ${version})`;
}

/**
 * A number spelt with letters and digits the profanity filter's leetspeak table leaves alone:
 * plain digits can read as a swear word ("455", "717") and get a generated write refused.
 * (The test harness's `randomTag` uses the same alphabet.)
 */
export function filterSafeNumber(n: number): string {
  return n.toString(9).replace(/[0-8]/g, (d) => "bkqvwxz89"[Number(d)]!);
}

/**
 * Adds a recorded run to the history, `bench/results/<UTC date>.md` (docs/performance.md keeps
 * only the status): inside the file's "## <kind> runs" section, before its end marker; the file
 * and the section are created when missing. Answers the file written.
 */
export function recordRunInHistory(
  when: string,
  kind: "bench:api" | "bench:soak" | "bench:scale",
  lines: string[],
): string {
  const date = when.slice(0, 10);
  const file = path.join(root, "bench/results", `${date}.md`);
  const end = `<!-- /${kind} runs -->`;
  const text = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8")
    : `# Performance history: ${date}\n\nRecorded runs of ${date} (UTC). Current status, method and targets: [docs/performance.md](../../docs/performance.md).\n`;
  const marker = text.indexOf(end);
  const body = lines.join("\n");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    marker < 0
      ? `${text.trimEnd()}\n\n## ${kind} runs\n${body}\n${end}\n`
      : `${text.slice(0, marker)}${body}\n${text.slice(marker)}`,
  );
  return file;
}

/** mulberry32: a small, fast, seeded PRNG (deterministic across runs and machines). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `length` ranks in 0..n-1 drawn from a Zipf distribution with exponent `s`: rank k (0-based) is
 * drawn with probability proportional to 1 / (k + 1)^s. Inverse CDF by binary search over the
 * cumulative weights; seeded, so a run's request sequence is the same every time.
 */
export function zipfSequence(n: number, s: number, length: number, seed: number): Uint32Array {
  if (!(n >= 1)) throw new Error("zipfSequence: n must be at least 1");
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / (k + 1) ** s;
    cdf[k] = sum;
  }
  const rand = prng(seed);
  const out = new Uint32Array(length);
  for (let i = 0; i < length; i++) {
    const u = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  return out;
}

/** The share of a Zipf(s) distribution over n ranks that falls on the first `top` ranks. */
export function zipfHeadShare(n: number, s: number, top: number): number {
  let head = 0;
  let all = 0;
  for (let k = 0; k < n; k++) {
    const w = 1 / (k + 1) ** s;
    all += w;
    if (k < top) head += w;
  }
  return head / all;
}

/**
 * Gives every generated member its username skeleton (migration 0017) set-wise, as the server's
 * start-up backfill (features/users/queries.ts) would one row at a time — which took minutes at
 * 100,000 members and made the server's first start on a fresh data set miss bench:api's wait.
 * Same rule: a skeleton already held (by an older member) is left out, the row keeps none.
 */
export async function fillUsernameSkeletons(db: BenchDb): Promise<{ filled: number; clashes: number }> {
  const taken = new Set(
    (await db.query("SELECT username_skeleton AS s FROM users WHERE username_skeleton IS NOT NULL")).rows.map(
      (r) => r.s as string,
    ),
  );
  const rows = (await db.query("SELECT id, username FROM users WHERE username_skeleton IS NULL ORDER BY id"))
    .rows;
  const ids: number[] = [];
  const skeletons: string[] = [];
  let clashes = 0;
  for (const r of rows) {
    const skeleton = usernameSkeleton(r.username as string);
    if (taken.has(skeleton)) {
      clashes++;
      continue;
    }
    taken.add(skeleton);
    ids.push(r.id as number);
    skeletons.push(skeleton);
  }
  for (let i = 0; i < ids.length; i += 20_000) {
    await db.query(
      "UPDATE users SET username_skeleton = x.s FROM unnest($1::int[], $2::text[]) AS x(id, s) WHERE users.id = x.id AND users.username_skeleton IS NULL",
      [ids.slice(i, i + 20_000), skeletons.slice(i, i + 20_000)],
    );
  }
  return { filled: ids.length, clashes };
}

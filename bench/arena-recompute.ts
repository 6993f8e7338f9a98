/**
 * Times a full Arena recompute (issue 22, decision 0109): the SQL totals per view, pair and
 * outcome, every view's Bradley–Terry fit with its 200-resample bootstrap, and the store, on
 * 1,000,000 votes over 60 models and 100,000 battles at BENCH_SCALE=1. Writes
 * bench/results/<time>-arena.json.
 *
 *   BENCH_ARENA_FILL    1 (default): re-creates BENCH_DATABASE_URL (default
 *                       postgres://postgres@127.0.0.1:5432/agora_arena_bench; the name must contain
 *                       "bench"), migrates it, adds BENCH_ARENA_MEMBERS members (default 20,000)
 *                       and the arena data (bench/arena-data.ts). 0: reads the database as it is
 *                       (e.g. the one `npm run bench:data` filled, which has the arena data too:
 *                       bench/generate-data.ts calls fillArena at its scale).
 *   BENCH_SCALE         default 1 (the arena volumes scale with it)
 *   BENCH_SEED          default 12
 *   ARENA_VOTE_DELAY_DAYS  default 7 (the production rule: each voter's activity is checked)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ARENA_RULES } from "../src/common/arena";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { queryRows } from "../src/server/db/connect";
import * as q from "../src/server/features/arena/queries";
import { computeViews, recomputeBoards } from "../src/server/features/arena/recompute";
import { arenaVolumes, fillArena } from "./arena-data";
import { root } from "./lib";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/agora_arena_bench";
const fill = process.env.BENCH_ARENA_FILL !== "0";
const scale = Number(process.env.BENCH_SCALE ?? "1");
const seed = Number(process.env.BENCH_SEED ?? "12");
const members = Number(process.env.BENCH_ARENA_MEMBERS ?? "20000");
const delayDays = Number(process.env.ARENA_VOTE_DELAY_DAYS ?? "7");
if (!(scale > 0)) throw new Error("BENCH_SCALE must be a positive number");

async function recreate(): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/bench/.test(name) || !/^[\w-]+$/.test(name)) {
    throw new Error(`Refusing to recreate "${name}": the benchmark database name must contain "bench"`);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

const config = () =>
  loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: url,
    SEED_DEMO: "0",
    LOG_LEVEL: "warn",
    ARENA_VOTE_DELAY_DAYS: String(delayDays),
    // The periodic job must not run meanwhile: the bench runs the recompute itself.
    ARENA_RECOMPUTE_SECONDS: "86400",
  });

async function main(): Promise<void> {
  const volumes = arenaVolumes(scale);
  console.log(`bench:arena scale=${scale} fill=${fill} -> ${url.replace(/\/\/[^@]*@/, "//")}`);
  if (fill) {
    const t0 = Date.now();
    await recreate();
    const app = await buildApp(config());
    await app.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("SET synchronous_commit = off");
    await client.query(
      `INSERT INTO users (username, email, password_hash, generation, created_at)
       SELECT 'arena_bench_' || i, 'arena_bench_' || i || '@bench.invalid', 'scrypt$bench$0',
              (ARRAY['genz', 'millennial', 'genx', 'boomer'])[1 + i % 4], now() - interval '90 days'
       FROM generate_series(1, ${members}) i`,
    );
    const filled = await fillArena(
      { kind: "postgres", query: (sql, params) => client.query(sql, params), end: () => client.end() },
      { battles: volumes.battles, votes: volumes.votes, seed },
    );
    await client.query("VACUUM (ANALYZE) arena_votes, arena_battles, users");
    await client.end();
    console.log(`  filled ${JSON.stringify(filled)} in ${Date.now() - t0} ms`);
  }

  const app = await buildApp(config());
  const ctx = app.ctx;
  const opts = { cap: ARENA_RULES.perSubmitterCap, delayDays, now: ctx.now() };
  const [counts] = await queryRows<{ votes: number; battles: number }>(
    ctx.db,
    sql`SELECT (SELECT count(*) FROM arena_votes)::int AS votes, (SELECT count(*) FROM arena_battles)::int AS battles`,
  );
  const { votes, battles } = counts ?? { votes: 0, battles: 0 };

  // The parts, then the whole as the job runs it (lease, SQL, fit, store).
  let t = performance.now();
  const totals = await q.countedPairTotals(ctx.db, opts);
  const sqlMs = performance.now() - t;
  const models = await q.modelRefs(
    ctx.db,
    totals.flatMap((r) => (r.view === "overall" ? [r.lo, r.hi] : [])),
  );
  t = performance.now();
  const views = computeViews(totals, models);
  const fitMs = performance.now() - t;
  t = performance.now();
  const cpu = process.cpuUsage();
  const ran = await recomputeBoards(ctx);
  const totalMs = performance.now() - t;
  // This process' CPU time (the fit; the SQL runs in PostgreSQL): the machine is shared.
  const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
  await app.close();
  if (!ran) throw new Error("the recompute lease was held: is a server running on this database?");

  const counted = totals
    .filter((r) => r.view === "overall")
    .reduce((s, r) => s + r.winsLo + r.winsHi + r.ties, 0);
  const result = {
    at: new Date().toISOString(),
    scale,
    votes,
    battles,
    countedVotes: counted,
    models: models.size,
    totalRows: totals.length,
    views: views.length,
    resamples: ARENA_RULES.resamples,
    delayDays,
    sqlMs: Math.round(sqlMs),
    fitMs: Math.round(fitMs),
    recomputeMs: Math.round(totalMs),
    recomputeNodeCpuMs: Math.round(cpuMs),
    loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    targetMs: 10_000,
    pass: totalMs < 10_000,
  };
  console.log(result);
  const file = path.join(root, "bench/results", `${result.at.slice(0, 19).replaceAll(":", "-")}-arena.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${path.relative(root, file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Soak test (issue 13 §7): the production server (one instance) under a steady mixed load at half
 * its measured capacity for SOAK_MINUTES; passes when there are no errors, memory shows no growth
 * trend over 10% and no database connection leaks.
 *
 *   SOAK_MINUTES            default 10
 *   SOAK_CAPACITY           requests/s the server manages on this mix (or first argument
 *                           `--capacity=N`); when absent, a calibration step measures it first:
 *                           the same mix, unthrottled, for SOAK_CALIBRATE_SECONDS (default 30)
 *   SOAK_CONNECTIONS        default 50
 *   SOAK_MEMBERS            members given a session for reads, likes and comments, default 1000
 *   SOAK_WARMUP_SECONDS     excluded from the memory trend, default 60 (at most a fifth of the run)
 *   SOAK_PORT               default 5620
 *   BENCH_TARGET, BENCH_DATABASE_URL, BENCH_DATA_DIR, BENCH_SERVER: see bench/lib.ts
 *
 * The load is autocannon at a fixed overall rate (half the capacity); each request is drawn from
 * a weighted mix: ~95% reads (feed, landing, post detail, model directory and detail, prompts,
 * forums, threads, trending, notifications; signed in and out) and ~5% writes (likes, comments,
 * posts). Posts come from members without a post in the last 24 hours, at most 4 each, so the
 * free plan's 5 posts a day is never what is measured; all texts are made of words and digits
 * only (never random letters, which the obscenity filter may read as a word).
 *
 * Sampled every 5 s: the server's RSS (VmRSS) and, on PostgreSQL, the connections to the database
 * (pg_stat_activity, only the server's own, tagged by application_name). Checked:
 *   - errors: non-2xx, socket errors and timeouts = 0;
 *   - memory: mean RSS of the last minute vs the first minute after the warm-up ≤ +10% (a linear
 *     fit over the same span is recorded too);
 *   - connections: 2 s after the load stops (server still up) none is active or idle in a
 *     transaction and no more are open than the pool's maximum (10) over the baseline; once the
 *     server has stopped, the count is back to the baseline taken before it started.
 * Results: bench/results/soak-<date-time>.json and a run entry added to bench/results/<date>.md
 * (the history; docs/performance.md has the current status).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SESSION_COOKIE } from "../src/common/constants";
import {
  type BenchDb,
  benchServer,
  describeDatabase,
  filterSafeNumber,
  openBenchDb,
  recordRunInHistory,
  root,
  serverDatabaseEnv,
} from "./lib";

const argCapacity = process.argv.find((a) => a.startsWith("--capacity="))?.split("=")[1];
const givenCapacity = Number(process.env.SOAK_CAPACITY ?? argCapacity ?? "0");
const minutes = Number(process.env.SOAK_MINUTES ?? "10");
const calibrateSeconds = Number(process.env.SOAK_CALIBRATE_SECONDS ?? "30");
const connections = Number(process.env.SOAK_CONNECTIONS ?? "50");
const memberCount = Number(process.env.SOAK_MEMBERS ?? "1000");
const port = Number(process.env.SOAK_PORT ?? "5620");
const durationSec = Math.round(minutes * 60);
const warmupSec = Math.min(Number(process.env.SOAK_WARMUP_SECONDS ?? "60"), Math.floor(durationSec / 5));
const windowSec = Math.min(60, Math.floor((durationSec - warmupSec) / 2));
const SAMPLE_MS = 5000;
const POOL_MAX = 10; // src/server/db/connect.ts default
const POSTS_PER_POSTER = 4; // the free plan allows 5 a day

if (!(minutes > 0)) throw new Error("SOAK_MINUTES must be a positive number");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number((sorted[Math.max(0, i)] as number).toFixed(1));
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

interface Connections {
  total: number;
  active: number;
  idle: number;
  idleInTransaction: number;
}
/** The soak server's connections carry this name, so other users of the database are not counted. */
const SERVER_APPLICATION_NAME = `agora-soak-${process.pid}`;

async function countConnections(db: BenchDb): Promise<Connections | null> {
  if (db.kind !== "postgres") return null;
  const row = (
    await db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'active')::int AS active,
         count(*) FILTER (WHERE state = 'idle')::int AS idle,
         count(*) FILTER (WHERE state LIKE 'idle in transaction%')::int AS "idleInTransaction"
       FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [SERVER_APPLICATION_NAME],
    )
  ).rows[0];
  return row as Connections;
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

interface Targets {
  readers: string[];
  posters: string[];
  slugs: string[];
  threads: number[];
  maxPost: number;
}

/** One weighted mix of requests; `next()` draws the next one. */
function createMix(t: Targets) {
  let turn = 0;
  let posted = 0;
  let seq = 0;
  const postBudget = t.posters.length * POSTS_PER_POSTER;
  const reader = () => `${SESSION_COOKIE}=${t.readers[turn++ % t.readers.length]}`;
  let commented = 0;
  const rnd = (n: number) => Math.floor(Math.random() * n);
  const recentPost = () => Math.max(1, t.maxPost - rnd(Math.min(t.maxPost, 5000)));
  const categories = ["writing", "coding", "business", "creative", "analysis", "education"];
  const words = [
    "model",
    "prompt",
    "agent",
    "context",
    "token",
    "vision",
    "audio",
    "code",
    "summary",
    "tips",
  ];
  const text = (kind: string) =>
    `Soak ${kind} ${filterSafeNumber(Date.now())} ${filterSafeNumber(seq++)} about ${words[rnd(words.length)]} and ${words[rnd(words.length)]}`;
  type Req = { name: string; method?: "POST"; path: string; auth?: boolean; cookie?: string; body?: unknown };
  const entries: [number, string, () => Req][] = [
    [8, "landing posts", () => ({ name: "landing posts", path: "/api/posts?limit=3" })],
    [14, "home feed", () => ({ name: "home feed", path: "/api/posts?limit=20", auth: true })],
    [
      5,
      "feed older page",
      () => ({ name: "feed older page", path: `/api/posts?limit=20&cursor=${recentPost()}`, auth: true }),
    ],
    [6, "post detail", () => ({ name: "post detail", path: `/api/posts/${recentPost()}` })],
    [
      7,
      "model directory",
      () => ({ name: "model directory", path: "/api/ai-models?category=Language%20Models&sort=rating" }),
    ],
    [
      6,
      "model detail",
      () => ({ name: "model detail", path: `/api/ai-models/${t.slugs[rnd(t.slugs.length)]}` }),
    ],
    [
      8,
      "prompts",
      () => ({ name: "prompts", path: `/api/prompts?category=${categories[rnd(categories.length)]}` }),
    ],
    [5, "forums", () => ({ name: "forums", path: "/api/forums" })],
    [5, "thread", () => ({ name: "thread", path: `/api/threads/${t.threads[rnd(t.threads.length)]}` })],
    [
      4,
      "thread replies",
      () => ({
        name: "thread replies",
        path: `/api/threads/${t.threads[rnd(t.threads.length)]}/replies?limit=20`,
      }),
    ],
    [5, "trending topics", () => ({ name: "trending topics", path: "/api/trending/topics?timeframe=24h" })],
    [4, "trending posts", () => ({ name: "trending posts", path: "/api/trending/posts?timeframe=24h" })],
    [8, "notifications", () => ({ name: "notifications", path: "/api/notifications?limit=20", auth: true })],
    [
      10,
      "unread count",
      () => ({ name: "unread count", path: "/api/notifications/unread-count", auth: true }),
    ],
    [
      3,
      "like toggle",
      () => ({ name: "like toggle", method: "POST", path: `/api/posts/${recentPost()}/like`, auth: true }),
    ],
    [
      1.5,
      "comment",
      () => ({
        name: "comment",
        method: "POST",
        path: `/api/posts/${recentPost()}/comments`,
        auth: true,
        // Commenters in their own rotation: evenly spread, none reaches the 5 comments a minute
        // that moderation allows (drawn from the shared rotation, one occasionally did).
        cookie: `${SESSION_COOKIE}=${t.readers[commented++ % t.readers.length]}`,
        body: { content: text("comment") },
      }),
    ],
    [
      0.5,
      "create post",
      () => {
        if (posted >= postBudget) {
          return { name: "like toggle", method: "POST", path: `/api/posts/${recentPost()}/like`, auth: true };
        }
        const cookie = `${SESSION_COOKIE}=${t.posters[posted++ % t.posters.length]}`;
        return {
          name: "create post",
          method: "POST",
          path: "/api/posts",
          cookie,
          body: { content: text("post"), tags: ["Benchmarks"] },
        };
      },
    ],
  ];
  const total = entries.reduce((sum, [w]) => sum + w, 0);
  return {
    weights: entries.map(([w, name]) => ({ name, share: w / total })),
    next(): Req {
      let r = Math.random() * total;
      for (const [w, , f] of entries) {
        r -= w;
        if (r < 0) {
          const req = f();
          if (req.auth && !req.cookie) req.cookie = reader();
          return req;
        }
      }
      return (entries[0] as [number, string, () => Req])[2]();
    },
    postsMade: () => posted,
  };
}

interface LoadResult {
  requests: number;
  rps: number;
  errors: number;
  socketErrors: number;
  timeouts: number;
  statuses: Record<string, number>;
  errorsByEndpoint: Record<string, number>;
  latency: { p50: number; p95: number; p99: number; max: number };
  perMinute: { minute: number; requests: number; errors: number; p95: number }[];
}

async function drive(
  mix: ReturnType<typeof createMix>,
  seconds: number,
  rate: number | undefined,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const errorsByEndpoint: Record<string, number> = {};
  const minutes: { requests: number; errors: number; latencies: number[] }[] = [];
  const started = Date.now();
  // Each connection has one request in flight; its name is in the connection's context
  // (set in setupRequest) until the next request is built, which happens after "response".
  const nameOf = (client: object) =>
    (client as { requestIterator?: { context?: { name?: string } } }).requestIterator?.context?.name ?? "?";
  let done: (r: autocannon.Result) => void = () => {};
  let failed: (e: unknown) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      ...(rate ? { overallRate: rate } : {}),
      requests: [
        {
          setupRequest: (req, context) => {
            const r = mix.next();
            (context as { name?: string }).name = r.name;
            const headers = { ...(req.headers ?? {}) } as Record<string, string>;
            if (r.cookie) headers.cookie = r.cookie;
            // As a browser's write does: a cookie write without Origin is refused (issue 25).
            if (r.method) headers.origin = `http://127.0.0.1:${port}`;
            let body: string | undefined;
            if (r.body !== undefined) {
              body = JSON.stringify(r.body);
              headers["content-type"] = "application/json";
            }
            return { ...req, method: r.method ?? "GET", path: r.path, headers, body };
          },
        },
      ],
    },
    (err, result) => (err ? failed(err) : done(result)),
  );
  instance.on("response", (client: object, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    // Responses arriving after the last full minute count in it.
    const m = Math.min(Math.floor((Date.now() - started) / 60_000), Math.max(0, Math.ceil(seconds / 60) - 1));
    minutes[m] ??= { requests: 0, errors: 0, latencies: [] };
    const bucket = minutes[m] as { requests: number; errors: number; latencies: number[] };
    bucket.requests++;
    bucket.latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) {
      bucket.errors++;
      const name = `${nameOf(client)} ${statusCode}`;
      errorsByEndpoint[name] = (errorsByEndpoint[name] ?? 0) + 1;
    }
  });
  const result = await finished;
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statuses)
    .filter(([code]) => !code.startsWith("2"))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    errors: non2xx + result.errors, // autocannon's errors include its timeouts
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    statuses,
    errorsByEndpoint,
    latency: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
    perMinute: minutes.map((b, i) => {
      const sorted = (b?.latencies ?? []).sort((x, y) => x - y);
      return {
        minute: i + 1,
        requests: b?.requests ?? 0,
        errors: b?.errors ?? 0,
        p95: percentile(sorted, 95),
      };
    }),
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(benchServer)) throw new Error(`${benchServer} is missing: run \`npm run build\` first`);
  let db = await openBenchDb();
  const database = await describeDatabase(db);
  const counts = (
    await db.query(
      "SELECT (SELECT count(*) FROM users)::int AS members, (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM notifications)::int AS notifications",
    )
  ).rows[0] as Record<string, number>;

  const readerIds = (
    await db.query("SELECT id FROM users WHERE username LIKE 'bench\\_%' ORDER BY id LIMIT $1", [memberCount])
  ).rows.map((r) => r.id as number);
  if (readerIds.length === 0) throw new Error("No bench members: run `npm run bench:data` first");
  // Posters: members without a post in the last 24 hours (the daily limit counts those), taken
  // from the other end of the id range than the readers.
  const posterIds = (
    await db.query(
      `SELECT u.id FROM users u WHERE u.username LIKE 'bench\\_%'
         AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.author_id = u.id AND p.created_at > now() - interval '1 day')
       ORDER BY u.id DESC LIMIT $1`,
      [memberCount],
    )
  ).rows.map((r) => r.id as number);
  const ids = [...readerIds, ...posterIds];
  const tokens = ids.map(() => randomBytes(32).toString("base64url"));
  const hashes = tokens.map((t) => createHash("sha256").update(t).digest("base64url"));
  await db.query(
    "INSERT INTO sessions (token_hash, user_id, expires_at) SELECT h, u, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS x(h, u)",
    [hashes, ids],
  );
  const targets: Targets = {
    readers: tokens.slice(0, readerIds.length),
    posters: tokens.slice(readerIds.length),
    slugs: (await db.query("SELECT slug FROM ai_models ORDER BY review_count DESC, id LIMIT 5")).rows.map(
      (r) => r.slug as string,
    ),
    threads: (await db.query("SELECT id FROM forum_threads ORDER BY reply_count DESC, id LIMIT 50")).rows.map(
      (r) => r.id as number,
    ),
    maxPost: (await db.query("SELECT max(id)::int AS m FROM posts")).rows[0]?.m as number,
  };
  const mix = createMix(targets);

  if (db.kind === "pglite") await db.end(); // one process per data directory: the server's now
  const baseline = await countConnections(db);

  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-soak-"));
  const serverLog = path.join(logDir, "server.log");
  const fd = fs.openSync(serverLog, "w");
  let stopping = false;
  const server: ChildProcess = spawn(process.execPath, [benchServer], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      ...serverDatabaseEnv(path.join(logDir, "data"), SERVER_APPLICATION_NAME),
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ["ignore", fd, fd],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.on("exit", (code, signal) => {
    if (!stopping) console.error(`server exited early (code ${code}, signal ${signal}); see ${serverLog}`);
  });
  process.on("SIGINT", () => {
    server.kill("SIGTERM");
    process.exit(130);
  });

  const samples: { t: number; rssMb: number | null; connections: Connections | null }[] = [];
  let sampler: NodeJS.Timeout | undefined;
  let record: Record<string, unknown> | undefined;
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    const atStart = await countConnections(db);
    console.log(
      `soak: ${database}; ${counts.members} members, ${counts.posts} posts; server pid ${server.pid}`,
    );
    console.log(`connections: baseline ${JSON.stringify(baseline)}, server up ${JSON.stringify(atStart)}`);

    let capacity = givenCapacity;
    let calibration: LoadResult | null = null;
    if (!(capacity > 0)) {
      console.log(`calibrating: the mix unthrottled, ${connections} connections, ${calibrateSeconds} s`);
      calibration = await drive(mix, calibrateSeconds, undefined);
      capacity = calibration.rps;
      console.log(
        `  capacity ${capacity} req/s (p50 ${calibration.latency.p50} ms, p99 ${calibration.latency.p99} ms, errors ${calibration.errors})`,
      );
      await sleep(5000);
    }
    const rate = Math.max(1, Math.floor(capacity / 2));
    console.log(`soak: ${rate} req/s (half of ${capacity}) for ${minutes} min, ${connections} connections`);

    const t0 = Date.now();
    const sample = async () => {
      const s = {
        t: Math.round((Date.now() - t0) / 1000),
        rssMb: rssMb(server.pid),
        connections: await countConnections(db).catch(() => null),
      };
      samples.push(s);
      return s;
    };
    await sample();
    sampler = setInterval(() => {
      sample()
        .then((s) => {
          if (s.t % 60 < 5) {
            console.log(
              `  ${s.t} s  RSS ${s.rssMb?.toFixed(0)} MB  connections ${JSON.stringify(s.connections)}`,
            );
          }
        })
        .catch(() => {});
    }, SAMPLE_MS);
    const soak = await drive(mix, durationSec, rate);
    clearInterval(sampler);
    sampler = undefined;
    await sample();

    await sleep(2000);
    const afterLoad = await countConnections(db);
    await sleep(33_000); // the pool closes connections idle for 30 s
    const afterIdle = await countConnections(db);
    const rssAfterIdle = rssMb(server.pid);

    stopping = true;
    server.kill("SIGTERM");
    await exited;
    await sleep(1000);
    const afterStop = await countConnections(db);

    // Memory trend after the warm-up.
    const steady = samples.filter((s) => s.t >= warmupSec && s.t <= durationSec && s.rssMb !== null);
    const firstWin = steady.filter((s) => s.t < warmupSec + windowSec).map((s) => s.rssMb as number);
    const lastWin = steady.filter((s) => s.t > durationSec - windowSec).map((s) => s.rssMb as number);
    const firstMean = mean(firstWin);
    const lastMean = mean(lastWin);
    const growth = firstMean > 0 ? (lastMean - firstMean) / firstMean : 0;
    const mbPerMinute =
      slope(
        steady.map((s) => s.t / 60),
        steady.map((s) => s.rssMb as number),
      ) || 0;
    const fitGrowth = firstMean > 0 ? (mbPerMinute * ((durationSec - warmupSec) / 60)) / firstMean : 0;
    const rssValues = samples.map((s) => s.rssMb).filter((v): v is number => v !== null);

    const maxDuring = samples.reduce((m, s) => Math.max(m, s.connections?.total ?? 0), 0);
    const connectionCheck =
      baseline === null
        ? { pass: true, note: "PGlite: in-process database, no connections to count" }
        : {
            pass:
              afterLoad !== null &&
              afterStop !== null &&
              afterLoad.active === 0 &&
              afterLoad.idleInTransaction === 0 &&
              afterLoad.total <= baseline.total + POOL_MAX &&
              afterStop.total <= baseline.total,
            note: `baseline ${baseline.total}, max during ${maxDuring}, 2 s after the load ${afterLoad?.total} (${afterLoad?.idle} idle, ${afterLoad?.active} active, ${afterLoad?.idleInTransaction} idle in transaction; pool max ${POOL_MAX}), 35 s after ${afterIdle?.total}, after the server stopped ${afterStop?.total}`,
          };
    const checks = {
      errors: { pass: soak.errors === 0, value: soak.errors },
      memory: {
        pass: growth <= 0.1,
        growthPercent: Number((growth * 100).toFixed(1)),
        firstWindowMb: Math.round(firstMean),
        lastWindowMb: Math.round(lastMean),
        fitMbPerMinute: Number(mbPerMinute.toFixed(2)),
        fitGrowthPercent: Number((fitGrowth * 100).toFixed(1)),
      },
      connections: connectionCheck,
    };
    const pass = checks.errors.pass && checks.memory.pass && checks.connections.pass;

    const when = new Date().toISOString();
    const machine = {
      nproc: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "unknown",
      memoryGb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
      node: process.version,
      database,
      loadAverageAtEnd: os.loadavg().map((l) => Number(l.toFixed(2))),
    };
    record = {
      when,
      pass,
      machine,
      data: counts,
      settings: {
        minutes,
        connections,
        capacity,
        capacitySource: calibration ? `calibration (${calibrateSeconds} s unthrottled)` : "given",
        rate,
        warmupSeconds: warmupSec,
        windowSeconds: windowSec,
        members: readerIds.length,
        posters: posterIds.length,
      },
      mix: mix.weights.map((w) => ({ name: w.name, share: Number(w.share.toFixed(3)) })),
      postsMade: mix.postsMade(),
      calibration,
      soak,
      checks,
      rss: {
        startMb: rssValues[0] ?? null,
        peakMb: rssValues.length ? Math.round(Math.max(...rssValues)) : null,
        endMb: rssValues[rssValues.length - 1] ?? null,
        afterIdleMb: rssAfterIdle,
      },
      connectionsTimeline: { baseline, atStart, afterLoad, afterIdle, afterStop },
      samples,
    };
    const outDir = path.join(root, "bench/results");
    fs.mkdirSync(outDir, { recursive: true });
    const suffix = db.kind === "pglite" ? "-pglite" : "";
    const file = path.join(outDir, `soak-${when.slice(0, 19).replace(/:/g, "-")}${suffix}.json`);
    fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);

    const ok = (b: boolean) => (b ? "pass" : "**FAIL**");
    const perMinute = soak.perMinute
      .map((m) => `${m.minute}: ${m.requests} req, ${m.errors} err, p95 ${m.p95} ms`)
      .join("; ");
    const lines = [
      "",
      `### bench:soak run ${when} — ${pass ? "pass" : "FAIL"}`,
      "",
      `Machine: ${machine.nproc} CPUs (${machine.cpu}), ${machine.memoryGb} GB RAM, Node ${machine.node}, ${database}; load average at the end ${machine.loadAverageAtEnd.join(" / ")} (the machine is shared).`,
      `Data: ${counts.members} members, ${counts.posts} posts, ${counts.notifications} notifications. Capacity ${capacity} req/s (${calibration ? `measured: the mix unthrottled for ${calibrateSeconds} s, p99 ${calibration.latency.p99} ms` : "given"}); soak at **${rate} req/s for ${minutes} min**, ${connections} connections, sessions of ${readerIds.length} members, posts by ${posterIds.length} members who had not posted that day (${mix.postsMade()} posts made). Mix: ${mix.weights.map((w) => `${w.name} ${(w.share * 100).toFixed(1)}%`).join(", ")}. Results file: \`bench/results/${path.basename(file)}\`.`,
      "",
      "| Check | Result | Figures |",
      "|---|---|---|",
      `| Errors | ${ok(checks.errors.pass)} | ${soak.requests} requests (${soak.rps} req/s), ${soak.errors} errors${
        soak.errors
          ? ` (${
              Object.entries(soak.errorsByEndpoint)
                .map(([k, n]) => `${n}× ${k}`)
                .join(", ") || "socket"
            }; ${soak.socketErrors} socket errors, ${soak.timeouts} timeouts)`
          : ""
      }; latency p50 ${soak.latency.p50} ms, p95 ${soak.latency.p95} ms, p99 ${soak.latency.p99} ms, max ${soak.latency.max} ms |`,
      `| Memory (≤ +10%) | ${ok(checks.memory.pass)} | RSS mean ${checks.memory.firstWindowMb} MB in the ${windowSec} s after a ${warmupSec} s warm-up, ${checks.memory.lastWindowMb} MB in the last ${windowSec} s: ${checks.memory.growthPercent >= 0 ? "+" : ""}${checks.memory.growthPercent}%; linear fit ${checks.memory.fitMbPerMinute} MB/min (${checks.memory.fitGrowthPercent}% over the run); peak ${rssValues.length ? Math.round(Math.max(...rssValues)) : "-"} MB, ${rssAfterIdle?.toFixed(0)} MB after 35 s idle |`,
      `| Connections | ${ok(checks.connections.pass)} | ${checks.connections.note} |`,
      "",
      `Per minute: ${perMinute}.`,
      "",
    ];
    const history = recordRunInHistory(when, "bench:soak", lines);
    console.log(lines.join("\n"));
    console.log(`wrote ${path.relative(root, file)} and added the run to ${path.relative(root, history)}`);
    console.log(`server output (warnings and errors): ${serverLog}`);
    if (!pass) process.exitCode = 1;
  } finally {
    if (sampler) clearInterval(sampler);
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await exited;
    }
    if (db.kind === "pglite") db = await openBenchDb();
    await db.query("DELETE FROM sessions WHERE token_hash = ANY($1::text[])", [hashes]).catch(() => {});
    await db.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

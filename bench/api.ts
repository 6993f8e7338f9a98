/**
 * Load benchmark (issue 12): the production server (`node dist/server/main.js`, one instance,
 * PostgreSQL from `npm run bench:data`) and a bare Fastify "hello JSON" server are started as
 * child processes; autocannon drives each hot read and write from this process, one endpoint
 * after the other. Reported per endpoint: requests/s, p50/p95/p99 latency, errors (non-2xx and
 * socket errors), the server's peak RSS (VmRSS of /proc/<pid>/status, sampled every 100 ms) and
 * the throughput as a share of the bare-Fastify ceiling measured in the same run.
 *
 *   BENCH_DATABASE_URL   default postgres://postgres@127.0.0.1:5432/agora_bench
 *   BENCH_DURATION       seconds per endpoint, default 5
 *   BENCH_VACUUM=0       skip the VACUUM (ANALYZE) of the database before the run (default: run it,
 *                        so that dead rows left by earlier runs are not measured)
 *   BENCH_WARMUP         seconds of the same load before each endpoint's measured run, default 2
 *                        (not in the latencies or req/s; its errors and peak RSS still count)
 *   BENCH_CONNECTIONS    default 50
 *   BENCH_MEMBERS        members given a session (round-robin per request), default 5000; taken
 *                        from the bench members on an unlimited plan (pro/premium, no daily post
 *                        cap), so the writes measure the server, not the plan limits
 *   BENCH_WRITE_MEMBERS  members the write rows rotate over, default 12000 (the same members
 *                        first): five posts and five comments a minute each (moderation's
 *                        per-member limit) is 1,000 of each a second over 12,000 members
 *   BENCH_ONLY           only endpoints whose name matches this regular expression
 *   BENCH_PORT           first of the two ports used, default 5610
 *   BENCH_TARGET=pglite  run the server on the embedded PGlite database instead (DATA_DIR =
 *                        BENCH_DATA_DIR, default /tmp/agora-pglite-bench, no DATABASE_URL);
 *                        the results file then ends in -pglite.json
 *   BENCH_SERVER         the server entry, default dist/server/main.js
 *   BENCH_RECORD=0       print the figures only (no results file, no table in the docs)
 *   BENCH_JSON           write the results file here instead of bench/results/<date-time>.json
 *                        (written even with BENCH_RECORD=0; bench/scale.ts reads it)
 *   BENCH_MODE           all (default) | endpoints | mix: the per-endpoint rows (one URL each, so the
 *                        signed-out ones are mostly micro-cache hits), the realistic mixes, or both
 *   BENCH_MIX_URLS       distinct public API URLs the public mix aims at, default 10000
 *   BENCH_ZIPF_S         the Zipf exponent of the mixes, default 1
 *   BENCH_ACCEPT_ENCODING  what every request says it takes, default "gzip, deflate, br" (as every
 *                        browser's fetch does: API answers over 1 KB are compressed); "" sends
 *                        none, as the runs before 2026-11-28 14:00 did (pages always send it)
 *
 * Mixes (issue 26, bench/mix.ts): each request draws its URL from a Zipf(s) distribution over a
 * list built from the database, ordered by popularity — "public API mix" (signed out, ~10,000
 * URLs: post pages, threads and reply pages, forum thread lists by cursor, model pages,
 * comparisons, profiles, prompt categories, trending windows, search terms...), "signed-in mix"
 * (feed pages by cursor, notifications, unread count, search, profile views; the sessions rotate
 * per request) and the server-rendered pages signed out ("HTML ..." rows: the landing page,
 * model pages, threads, shared posts, and all of them mixed). The draws are a seeded sequence,
 * the same every run. Reported besides: the distinct URLs, the share of answers that were
 * public micro-cache hits (`X-Public-Cache: hit`), and for the HTML rows the time to first byte
 * measured by a separate probe process (one keep-alive connection, sequential requests drawn
 * from the same distribution, during the measured run: autocannon's latency is the complete
 * answer). Signed-out requests each carry an X-Forwarded-For address out of 10,000 (the server
 * runs with TRUST_PROXY=1, as behind a proxy), so per-address limits (search: 120 a minute) apply
 * per visitor as in production, not to the one benchmark address.
 *
 * Members' sessions are inserted directly (sha256 base64url of a random token, as
 * src/server/platform/session.ts does) and removed at the end. Rate limits stay on: writes and
 * searches rotate over many members so that per-member limits are not what is measured; any
 * 429 that still happens is counted as an error and reported.
 *
 * Results: bench/results/<date-time>.json and a table added to bench/results/<date>.md (the
 * history; docs/performance.md has the current status).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SESSION_COOKIE } from "../src/common/constants";
import {
  benchServer,
  describeDatabase,
  FADED_TAG,
  filterSafeNumber,
  openBenchDb,
  recordRunInHistory,
  serverDatabaseEnv,
  zipfSequence,
} from "./lib";
import { buildMixLists } from "./mix";

const duration = Number(process.env.BENCH_DURATION ?? "5");
/** Seconds of the same load before each endpoint's measured run (JIT, pool and caches warm). */
const warmup = Number(process.env.BENCH_WARMUP ?? "2");
const connections = Number(process.env.BENCH_CONNECTIONS ?? "50");
const memberCount = Number(process.env.BENCH_MEMBERS ?? "5000");
const writeMemberCount = Math.max(memberCount, Number(process.env.BENCH_WRITE_MEMBERS ?? "12000"));
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const basePort = Number(process.env.BENCH_PORT ?? "5610");
/** BENCH_RECORD=0: print only (exploratory runs), no results file and no table in the docs. */
const recordRun = process.env.BENCH_RECORD !== "0";
const jsonOut = process.env.BENCH_JSON ? path.resolve(process.env.BENCH_JSON) : null;
const mode = process.env.BENCH_MODE ?? "all";
if (!["all", "endpoints", "mix"].includes(mode)) {
  throw new Error(`BENCH_MODE must be all, endpoints or mix, not "${mode}"`);
}
const mixSize = Number(process.env.BENCH_MIX_URLS ?? "10000");
const BROWSER_ENCODINGS = "gzip, deflate, br";
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? BROWSER_ENCODINGS;
const zipfS = Number(process.env.BENCH_ZIPF_S ?? "1");
/** How the create-post row's posts begin, and how many of the newest posts are checked for them. */
const WRITE_ROW_POST = "Benchmark post";
const NEWEST_WINDOW = 2000;

/** Distinct visitor addresses (X-Forwarded-For) the signed-out mixes rotate over. */
const VISITORS = 10_000;
const root = path.resolve(import.meta.dirname, "..");

type Kind = "ceiling" | "public read" | "signed-in read" | "write" | "public mix" | "signed-in mix" | "html";

interface Scenario {
  name: string;
  kind: Kind;
  method?: "GET" | "POST";
  /** Path (or a function giving one per request) on the server; a mix's first URL. */
  path: string | (() => string);
  /** A mix: each request's URL is urls[rank], rank drawn from the Zipf sequence. */
  urls?: string[];
  /** A mix: each URL's kind, for the cache hits by kind. */
  kindOf?: Map<string, string>;
  auth?: boolean;
  body?: () => unknown;
  port?: number;
}

interface Ttfb {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** The complete answer, same requests. */
  totalP50: number;
  totalP99: number;
  /** Pages answered 200 without their rendered data (the browser would render them). */
  unrendered: number;
}

interface Result {
  name: string;
  kind: Kind;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  peakRssMb: number | null;
  ratio: number | null;
  /**
   * CPU time per answered request in the measured run, in microseconds (user + system, from
   * /proc): the server's process, and every PostgreSQL process together (null on PGlite or off
   * Linux). Steadier than req/s on a shared host: it is what a request costs, not how much of
   * the machine the run got.
   */
  cpuUsPerRequest?: { server: number | null; postgres: number | null };
  /** Mixes: distinct URLs in the list, distinct URLs requested, share of micro-cache hits. */
  distinctUrls?: number;
  urlsRequested?: number;
  cacheHitShare?: number;
  /** Mixes: by kind of URL, answers and the share of them that were micro-cache hits. */
  hitsByKind?: Record<string, { answers: number; hits: number }>;
  ttfb?: Ttfb | null;
  /** Requests set up (the sessions' rotation went this far). */
  sent?: number;
}

/** The list started `n` places further on (a rotation that goes on where it stopped). */
function rotate<T>(list: T[], n: number | undefined): T[] {
  const k = (n ?? 0) % Math.max(list.length, 1);
  return [...list.slice(k), ...list.slice(0, k)];
}

/** The Zipf draws of the mixes: one long seeded sequence per list size, walked in turn. */
const SEQUENCE_LENGTH = 1 << 20;
const sequences = new Map<number, Uint32Array>();
function sequenceFor(n: number): Uint32Array {
  let seq = sequences.get(n);
  if (!seq) {
    seq = zipfSequence(n, zipfS, SEQUENCE_LENGTH, 26);
    sequences.set(n, seq);
  }
  return seq;
}
const visitorAddress = (i: number) => {
  const v = i % VISITORS;
  return `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}`;
};

/**
 * Time to first byte, from a separate process (the benchmark's own event loop is busy with
 * autocannon): one keep-alive connection, requests one after the other for `seconds`, each URL
 * drawn from the same Zipf sequence (from another offset). Prints its figures as JSON.
 */
const TTFB_PROBE = `
import http from "node:http";
import fs from "node:fs";
import zlib from "node:zlib";
const { port, urls, seq, seconds, offset } = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const first = [], total = [];
let unrendered = 0;
const until = Date.now() + seconds * 1000;
let i = offset;
while (Date.now() < until) {
  const url = urls[seq[i++ % seq.length]];
  await new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get({ host: "127.0.0.1", port, path: url, agent, headers: { "x-forwarded-for": "10.255.0.1", "accept-encoding": "${BROWSER_ENCODINGS}" } }, (res) => {
      let seen = false;
      const chunks = [];
      res.on("data", (chunk) => {
        chunks.push(chunk);
        if (!seen) { seen = true; first.push(Number(process.hrtime.bigint() - t0) / 1e6); }
      });
      res.on("end", () => {
        total.push(Number(process.hrtime.bigint() - t0) / 1e6);
        const raw = Buffer.concat(chunks);
        const coding = res.headers["content-encoding"];
        const body = (coding === "gzip" ? zlib.gunzipSync(raw) : coding === "br" ? zlib.brotliDecompressSync(raw) : raw).toString();
        if (res.statusCode === 200 && !body.includes('id="agora-data"')) unrendered++;
        resolve();
      });
    });
    req.on("error", () => resolve());
  });
}
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.max(0, Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1))] : 0; };
const r = (x) => Number(x.toFixed(1));
console.log(JSON.stringify({ requests: first.length, p50: r(pct(first, 50)), p95: r(pct(first, 95)), p99: r(pct(first, 99)), totalP50: r(pct(total, 50)), totalP99: r(pct(total, 99)), unrendered }));
process.exit(0);
`;

function startTtfbProbe(s: Scenario, seconds: number, dir: string): Promise<Ttfb | null> {
  const urls = s.urls ?? [typeof s.path === "function" ? s.path() : s.path];
  const file = path.join(dir, "ttfb-input.json");
  const seq = Array.from(sequenceFor(urls.length).subarray(0, 200_000));
  fs.writeFileSync(
    file,
    JSON.stringify({ port: s.port ?? basePort, urls, seq, seconds, offset: 100_003 % seq.length }),
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", TTFB_PROBE, file], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    child.on("exit", () => {
      try {
        resolve(JSON.parse(out) as Ttfb);
      } catch {
        resolve(null);
      }
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a child Node process; its output goes to a log file (printed at the end). */
function start(name: string, args: string[], env: NodeJS.ProcessEnv, log: string): ChildProcess {
  const fd = fs.openSync(log, "w");
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", fd, fd] });
  child.on("exit", (code, signal) => {
    if (!stopping) console.error(`${name} exited early (code ${code}, signal ${signal})`);
  });
  return child;
}
let stopping = false;

async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Clock ticks of user + system CPU of a process (/proc/<pid>/stat fields 14 and 15), or null. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** CPU ticks of each PostgreSQL process (the server's backends and the database's own) by pid. */
function postgresTicks(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/comm`, "utf8").trim() !== "postgres") continue;
    } catch {
      continue;
    }
    const ticks = cpuTicks(Number(name));
    if (ticks !== null) out.set(Number(name), ticks);
  }
  return out;
}

/**
 * The ticks PostgreSQL's processes spent between two readings, or null when none was seen (PGlite,
 * not Linux). A process that ended in between is not counted (an undercount, never negative).
 */
function postgresTicksBetween(start: Map<number, number>, end: Map<number, number>): number | null {
  if (end.size === 0) return null;
  let sum = 0;
  for (const [pid, ticks] of end) sum += ticks - (start.get(pid) ?? 0);
  return sum;
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICK_US = 10_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

async function run(
  s: Scenario,
  cookies: string[],
  serverPid: number | undefined,
  seconds = duration,
  probeDir?: string,
): Promise<Result> {
  let turn = 0;
  const urls = s.urls;
  const seq = urls ? sequenceFor(urls.length) : null;
  // Each run continues the sequence where the last one of this list stopped.
  let draw = seq ? (drawn.get(seq) ?? 0) : 0;
  const requested = new Set<number>();
  let hits = 0;
  let answers = 0;
  const byKind: Record<string, { answers: number; hits: number }> = {};
  let unrendered = 0;
  const ttfbProbe = probeDir ? startTtfbProbe(s, seconds, probeDir) : null;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let peak = rssMb(serverPid);
  const serverTicksAtStart = serverPid ? cpuTicks(serverPid) : null;
  const postgresTicksAtStart = postgresTicks();
  const sampler = setInterval(() => {
    const now = rssMb(serverPid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 100);
  let done: (r: autocannon.Result) => void = () => {};
  let failed: (e: unknown) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${s.port ?? basePort}`,
      connections,
      duration: seconds,
      requests: [
        {
          method: s.method ?? "GET",
          setupRequest: (req, context) => {
            turn++;
            const headers = { ...(req.headers ?? {}) } as Record<string, string>;
            if (s.auth) headers.cookie = `${SESSION_COOKIE}=${cookies[turn % cookies.length]}`;
            else if (urls) headers["x-forwarded-for"] = visitorAddress(turn);
            // Asked for as browsers ask (pages always: every browser and crawler takes gzip).
            const encodings = s.kind === "html" ? BROWSER_ENCODINGS : acceptEncoding;
            if (encodings) headers["accept-encoding"] = encodings;
            // As a browser's write does: a cookie write without Origin is refused (issue 25).
            if (s.method && s.method !== "GET") headers.origin = `http://127.0.0.1:${s.port ?? basePort}`;
            let body: string | undefined;
            if (s.body) {
              body = JSON.stringify(s.body());
              headers["content-type"] = "application/json";
            }
            let url = typeof s.path === "function" ? s.path() : s.path;
            if (urls && seq) {
              const rank = seq[draw++ % seq.length] as number;
              requested.add(rank);
              url = urls[rank] as string;
              // One request at a time per connection: its context names the URL being answered.
              (context as { kind?: string }).kind = s.kindOf?.get(url) ?? "other";
            }
            return { ...req, path: url, headers, body };
          },
          onResponse: (status, body, context, headers) => {
            answers++;
            // A visitor's kept answer, or a member's own (decision 0137).
            const flag =
              headers?.["x-public-cache"] ??
              headers?.["X-Public-Cache" as "x-public-cache"] ??
              headers?.["x-member-cache"] ??
              headers?.["X-Member-Cache" as "x-member-cache"];
            if (flag === "hit") hits++;
            const kind = (context as { kind?: string } | undefined)?.kind;
            if (kind) {
              const k = byKind[kind] ?? { answers: 0, hits: 0 };
              byKind[kind] = k;
              k.answers++;
              if (flag === "hit") k.hits++;
            }
            // A page whose server rendering failed is still a 200 (the browser renders it); a
            // compressed page is checked by the TTFB probe, which decodes what it reads (asking as browsers ask).
            const encoded =
              headers?.["content-encoding"] ?? headers?.["Content-Encoding" as "content-encoding"];
            if (s.kind === "html" && status === 200 && !encoded && !body.includes('id="agora-data"'))
              unrendered++;
          },
        },
      ],
    },
    (err, result) => (err ? failed(err) : done(result)),
  );
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await finished;
  clearInterval(sampler);
  const serverTicksAtEnd = serverPid ? cpuTicks(serverPid) : null;
  const postgresSpent = postgresTicksBetween(postgresTicksAtStart, postgresTicks());
  const perRequest = (ticks: number | null) =>
    ticks === null || result.requests.total === 0
      ? null
      : Math.round((ticks * TICK_US) / result.requests.total);
  if (seq) drawn.set(seq, draw);
  const ttfb = ttfbProbe ? await ttfbProbe : undefined;
  unrendered += ttfb?.unrendered ?? 0;
  if (unrendered > 0) statuses["200 unrendered"] = unrendered;
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statuses)
    .filter(([code]) => /^\d+$/.test(code) && !code.startsWith("2"))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    name: s.name,
    kind: s.kind,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p95: Number(percentile(latencies, 95).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    errors: non2xx + unrendered + result.errors + result.timeouts,
    statuses,
    peakRssMb: s.kind === "ceiling" ? null : peak === null ? null : Math.round(peak),
    ratio: null,
    cpuUsPerRequest: {
      server: perRequest(
        serverTicksAtStart === null || serverTicksAtEnd === null
          ? null
          : serverTicksAtEnd - serverTicksAtStart,
      ),
      postgres: perRequest(postgresSpent),
    },
    ...(urls
      ? {
          distinctUrls: urls.length,
          urlsRequested: requested.size,
          cacheHitShare: answers > 0 ? Number((hits / answers).toFixed(3)) : 0,
          hitsByKind: byKind,
        }
      : {}),
    ...(ttfb !== undefined ? { ttfb } : {}),
    sent: turn,
  };
}
const drawn = new Map<Uint32Array, number>();

const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? "-" : `${(x * 100).toFixed(1)}%`;

/**
 * The issue 26 targets (1M-post PostgreSQL set, 50 connections), for the rows this run has:
 * each line "met" or "NOT met" with the figure.
 */
function judge(results: Result[]): string[] {
  const out: string[] = [];
  const row = (name: string) => results.find((r) => r.name === name);
  const share = (name: string, min: number, label = name) => {
    const r = row(name);
    if (r?.ratio == null) return;
    out.push(
      `${label} ≥ ${min * 100}% of bare Fastify: ${pct(r.ratio)} — ${r.ratio >= min ? "met" : "NOT met"}`,
    );
  };
  share("public API mix (signed out)", 0.3, "public API mix");
  share("signed-in mix", 0.25);
  share("home feed page 1", 0.25, "home feed");
  share("notifications", 0.25);
  share("unread count", 0.5);
  const html = row("HTML mix");
  if (html?.ratio != null) {
    const ok = html.ratio >= 0.15 && html.p99 <= 50;
    out.push(
      `HTML mix ≥ 15% of bare Fastify and p99 ≤ 50 ms: ${pct(html.ratio)}, p99 ${html.p99} ms — ${ok ? "met" : "NOT met"}`,
    );
  }
  const writes = results.filter((r) => r.kind === "write");
  if (writes.length > 0) {
    const worst = Math.max(...writes.map((w) => w.p99));
    out.push(
      `writes p99 ≤ 30 ms: ${writes.map((w) => `${w.name} ${w.p99}`).join(", ")} ms — ${worst <= 30 ? "met" : "NOT met"}`,
    );
  }
  const rss = Math.max(0, ...results.map((r) => r.peakRssMb ?? 0));
  if (rss > 0) out.push(`server peak RSS ≤ 256 MB: ${rss} MB — ${rss <= 256 ? "met" : "NOT met"}`);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  out.push(`errors: ${errors} — ${errors === 0 ? "none" : "NOT none"}`);
  return out;
}

async function main(): Promise<void> {
  const loadAverageAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  const distMain = benchServer;
  if (!fs.existsSync(distMain)) throw new Error(`${distMain} is missing: run \`npm run build\` first`);

  let db = await openBenchDb();
  const pgVersion = await describeDatabase(db); // "PostgreSQL 15.x" or "PGlite 0.x (PostgreSQL 17.x)"
  if (process.env.BENCH_VACUUM !== "0") {
    // Each run writes (sessions, views, likes, posts): where autovacuum is off (this machine's
    // PostgreSQL has `autovacuum = off`), dead rows piled up from run to run — 37,000 in the
    // 60-row ai_models table by 07:40 UTC on 2026-11-28 — and later runs measured them.
    const started = Date.now();
    await db.query("VACUUM (ANALYZE)");
    console.log(`VACUUM (ANALYZE) before the run: ${Date.now() - started} ms`);
  }
  const counts = (
    await db.query(
      `SELECT (SELECT count(*) FROM users)::int AS members, (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM post_likes)::int AS likes, (SELECT count(*) FROM notifications)::int AS notifications,
        (SELECT count(*) FROM (SELECT content FROM posts ORDER BY id DESC LIMIT ${NEWEST_WINDOW}) newest WHERE content LIKE '${WRITE_ROW_POST} %')::int AS "newestFromWriteRows"`,
    )
  ).rows[0] as Record<string, number>;
  // Earlier runs' write rows leave their posts behind as the newest ones: every later run's
  // first feed pages and searches then read them instead of the data set's (2026-12-08: every
  // search term of the mixes took the index path over older matches). Said, not hidden.
  const leftBehind = counts.newestFromWriteRows ?? 0;
  if (leftBehind > 0) {
    console.warn(
      `${leftBehind} of the newest ${NEWEST_WINDOW} posts were written by earlier runs' write rows: the mixes read them as the newest posts (npm run bench:data makes fresh data)`,
    );
  }

  // Sessions for many members, so per-member limits are spread (see the header comment).
  const members = (
    await db.query(
      "SELECT id FROM users WHERE username LIKE 'bench\\_%' AND subscription_tier IN ('pro', 'premium') AND subscription_expires_at IS NULL AND rate_limited_until IS NULL ORDER BY id LIMIT $1",
      [writeMemberCount],
    )
  ).rows.map((r) => r.id as number);
  if (members.length === 0) {
    throw new Error("No bench members on an unlimited plan: run `npm run bench:data` first");
  }
  if (members.length < memberCount) {
    console.log(
      `BENCH_MEMBERS=${memberCount}: the data set has ${members.length} bench members on an unlimited plan; reads rotate over those`,
    );
  }
  const writeTokens = members.map(() => randomBytes(32).toString("base64url"));
  const hashes = writeTokens.map((t) => createHash("sha256").update(t).digest("base64url"));
  // Reads rotate over the first BENCH_MEMBERS of them, writes over all.
  const tokens = writeTokens.slice(0, memberCount);
  await db.query(
    "INSERT INTO sessions (token_hash, user_id, expires_at) SELECT h, u, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS x(h, u)",
    [hashes, members],
  );

  // Targets taken from the data set.
  const q1 = async <T>(sql: string): Promise<T> => (await db.query(sql)).rows[0] as T;
  const topModels = (await db.query("SELECT id, slug FROM ai_models ORDER BY review_count DESC, id LIMIT 3"))
    .rows as {
    id: number;
    slug: string;
  }[];
  // The rarest and the commonest hashtag of the posts (decision 0129: a rare tag's page read the
  // whole table before), the faded one apart (its own row).
  const tagsByUse = (
    await db.query(
      "SELECT t, count(*)::int AS n FROM (SELECT unnest(tag_keys) AS t FROM posts) s GROUP BY t ORDER BY n, t",
    )
  ).rows as { t: string; n: number }[];
  const rareTag = tagsByUse.find((r) => r.t !== FADED_TAG.toLowerCase())?.t ?? "none";
  const commonTag = tagsByUse.at(-1)?.t ?? "none";
  const thread = await q1<{ id: number; forum_id: number }>(
    "SELECT id, forum_id FROM forum_threads ORDER BY reply_count DESC, id LIMIT 1",
  );
  // Likes and comments go to the 5,000 newest visible posts (ids taken from the table: a
  // deleted or hidden post would answer 404 and count as an error).
  const recentPosts = (
    await db.query("SELECT id FROM posts WHERE hidden_at IS NULL ORDER BY id DESC LIMIT 5000")
  ).rows.map((r) => r.id as number);
  const recentPost = () => recentPosts[Math.floor(Math.random() * recentPosts.length)]!;

  // The mixes' URL lists (bench/mix.ts), read before PGlite's directory goes to the server.
  const mixStarted = Date.now();
  const mixes = mode === "endpoints" ? null : await buildMixLists(db, mixSize);
  if (mixes) {
    console.log(
      `mix lists built in ${Date.now() - mixStarted} ms: public API ${mixes.publicApi.urls.length} URLs ${JSON.stringify(mixes.publicApi.kinds)}; signed-in ${mixes.signedIn.urls.length} ${JSON.stringify(mixes.signedIn.kinds)}; HTML ${mixes.html.urls.length} ${JSON.stringify(mixes.html.kinds)}`,
    );
  }

  // PGlite allows one process per data directory: the server gets it while it runs.
  if (db.kind === "pglite") await db.end();

  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-bench-"));
  const serverLog = path.join(logDir, "server.log");
  const port = basePort;
  const helloPort = basePort + 1;
  const server = start(
    "server",
    [distMain],
    {
      ...process.env,
      NODE_ENV: "production",
      ...serverDatabaseEnv(path.join(logDir, "data")),
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      // Behind a proxy, as in production: the signed-out mixes give each request a visitor's address.
      TRUST_PROXY: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
    },
    serverLog,
  );
  const hello = start(
    "hello",
    [
      "--input-type=module",
      "-e",
      `import Fastify from "fastify";
       const app = Fastify({ logger: false });
       app.get("/hello", async () => ({ hello: "world" }));
       await app.listen({ port: ${helloPort}, host: "127.0.0.1" });`,
    ],
    { ...process.env, NODE_ENV: "production" },
    path.join(logDir, "hello.log"),
  );
  const stop = () => {
    stopping = true;
    server.kill("SIGTERM");
    hello.kill("SIGTERM");
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });

  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    await waitFor(`http://127.0.0.1:${helloPort}/hello`);

    // Feed page 50: follow the cursor (last id seen) through 49 pages.
    const cookie = `${SESSION_COOKIE}=${tokens[0]}`;
    let cursor: number | undefined;
    for (let page = 1; page < 50; page++) {
      const res = await fetch(
        `http://127.0.0.1:${port}/api/posts?limit=20${cursor ? `&cursor=${cursor}` : ""}`,
        {
          headers: { cookie },
        },
      );
      const posts = (await res.json()) as { id: number }[];
      if (!Array.isArray(posts) || posts.length === 0) break;
      cursor = (posts[posts.length - 1] as { id: number }).id;
    }

    let n = 0;
    // Digits only: random letters could spell a word the profanity filter refuses (422).
    const unique = () => `${filterSafeNumber(Date.now())}${filterSafeNumber(n++)}`;
    const endpointScenarios: Scenario[] = [
      { name: "bare Fastify hello JSON", kind: "ceiling", path: "/hello", port: helloPort },
      { name: "landing posts (signed out)", kind: "public read", path: "/api/posts?limit=3" },
      { name: "community stats (landing)", kind: "public read", path: "/api/stats" },
      { name: "home feed page 1", kind: "signed-in read", path: "/api/posts?limit=20", auth: true },
      {
        name: "home feed page 50 (cursor)",
        kind: "signed-in read",
        path: `/api/posts?limit=20${cursor ? `&cursor=${cursor}` : ""}`,
        auth: true,
      },
      // Feed sorts and the Following tab (issue 21 item 3, decisions 0103 and 0104).
      { name: "home feed Hot", kind: "signed-in read", path: "/api/posts?limit=20&sort=hot", auth: true },
      {
        name: "home feed Top 7 d",
        kind: "signed-in read",
        path: "/api/posts?limit=20&sort=top&t=7d",
        auth: true,
      },
      // Signed in: the answer is computed for each request (a visitor's would be the cache's).
      {
        name: "hashtag page, rarest tag",
        kind: "signed-in read",
        path: `/api/posts?limit=20&tag=${encodeURIComponent(rareTag)}`,
        auth: true,
      },
      {
        name: "hashtag page, commonest tag",
        kind: "signed-in read",
        path: `/api/posts?limit=20&tag=${encodeURIComponent(commonTag)}`,
        auth: true,
      },
      // A faded trend: 50,000 posts carry it at scale 1, none of the newest 20 % (decision 0135).
      {
        name: "hashtag page, faded tag",
        kind: "signed-in read",
        path: `/api/posts?limit=20&tag=${FADED_TAG.toLowerCase()}`,
        auth: true,
      },
      {
        name: "home feed Following",
        kind: "signed-in read",
        path: "/api/posts?limit=20&tab=following",
        auth: true,
      },
      {
        name: "model directory (category + sort)",
        kind: "public read",
        path: "/api/ai-models?category=Language%20Models&sort=rating",
      },
      { name: "model detail", kind: "public read", path: `/api/ai-models/${topModels[0]?.slug ?? "none"}` },
      {
        name: "compare of 3",
        kind: "public read",
        path: `/api/ai-models/compare?models=${topModels.map((m) => m.id).join(",")}`,
      },
      { name: "prompts by category", kind: "public read", path: "/api/prompts?category=coding" },
      { name: "forums list", kind: "public read", path: "/api/forums" },
      { name: "forum threads page", kind: "public read", path: `/api/forums/${thread.forum_id}/threads` },
      { name: "forum thread", kind: "public read", path: `/api/threads/${thread.id}` },
      // Opening a post counts a view: held in memory and written in batches (decision 0113).
      { name: "post page (signed out)", kind: "public read", path: `/api/posts/${cursor ?? 1}` },
      {
        name: "forum thread replies",
        kind: "public read",
        path: `/api/threads/${thread.id}/replies?limit=20`,
      },
      // The Arena's boards as the last recompute left them (issue 22; bench:data's 1M votes).
      { name: "arena board overall", kind: "public read", path: "/api/arena/board" },
      { name: "arena board Gen Z", kind: "public read", path: "/api/arena/board?view=generation&g=genz" },
      { name: "arena win rates (heatmap)", kind: "public read", path: "/api/arena/win-rates" },
      { name: "notifications", kind: "signed-in read", path: "/api/notifications?limit=20", auth: true },
      { name: "unread count", kind: "signed-in read", path: "/api/notifications/unread-count", auth: true },
      { name: "trending topics 24h", kind: "public read", path: "/api/trending/topics?timeframe=24h" },
      { name: "trending topics 30d", kind: "public read", path: "/api/trending/topics?timeframe=30d" },
      { name: "trending posts 24h", kind: "public read", path: "/api/trending/posts?timeframe=24h" },
      { name: "trending posts 30d", kind: "public read", path: "/api/trending/posts?timeframe=30d" },
      { name: "search common word", kind: "signed-in read", path: "/api/search?q=model", auth: true },
      { name: "search rare word", kind: "signed-in read", path: "/api/search?q=serendipity", auth: true },
      {
        name: "create post",
        kind: "write",
        method: "POST",
        path: "/api/posts",
        auth: true,
        body: () => ({ content: `${WRITE_ROW_POST} ${unique()} about prompt design`, tags: ["Benchmarks"] }),
      },
      {
        name: "like toggle",
        kind: "write",
        method: "POST",
        path: () => `/api/posts/${recentPost()}/like`,
        auth: true,
      },
      {
        name: "comment",
        kind: "write",
        method: "POST",
        path: () => `/api/posts/${recentPost()}/comments`,
        auth: true,
        body: () => ({ content: `Benchmark comment ${unique()} thanks` }),
      },
    ];
    const mixScenarios: Scenario[] = mixes
      ? [
          {
            name: "public API mix (signed out)",
            kind: "public mix",
            path: mixes.publicApi.urls[0]!,
            urls: mixes.publicApi.urls,
            kindOf: mixes.publicApi.kindOf,
          },
          {
            name: "signed-in mix",
            kind: "signed-in mix",
            path: mixes.signedIn.urls[0]!,
            urls: mixes.signedIn.urls,
            kindOf: mixes.signedIn.kindOf,
            auth: true,
          },
          { name: "HTML landing page /", kind: "html", path: "/", urls: ["/"] },
          { name: "HTML model pages", kind: "html", path: mixes.html.models[0]!, urls: mixes.html.models },
          { name: "HTML threads", kind: "html", path: mixes.html.threads[0]!, urls: mixes.html.threads },
          { name: "HTML shared posts", kind: "html", path: mixes.html.posts[0]!, urls: mixes.html.posts },
          { name: "HTML mix", kind: "html", path: "/", urls: mixes.html.urls },
        ]
      : [];
    const endpoints =
      mode === "mix" ? endpointScenarios.filter((s) => s.kind === "ceiling") : endpointScenarios;
    const scenarios = [
      ...endpoints.filter((s) => s.kind !== "write"),
      ...mixScenarios,
      // Writes last: the thousands of posts and comments they add would otherwise be the newest
      // rows every later row reads (the mixes' searches then met a newest window with none of
      // their words, and took the index path over every older match).
      ...endpoints.filter((s) => s.kind === "write"),
    ].filter((s) => s.kind === "ceiling" || !only || only.test(s.name));

    // The mixes' lists: the 40 most requested URLs and every 50th of the rest must answer 2xx.
    // They are requested one at a time, each for the first time (a cache miss): the time each
    // took, by kind, is what one uncached request of that kind costs (`probe` in the results).
    const probe: Record<string, Record<string, { n: number; medianMs: number; maxMs: number }>> = {};
    for (const s of scenarios.filter((x) => x.urls && x.urls.length > 1)) {
      const list = s.urls!;
      const kindMap =
        s.kind === "public mix"
          ? mixes?.publicApi.kindOf
          : s.kind === "signed-in mix"
            ? mixes?.signedIn.kindOf
            : mixes?.html.kindOf;
      const sample = list.filter((_, i) => i < 40 || i % 50 === 0);
      const failures: string[] = [];
      const times = new Map<string, number[]>();
      for (let i = 0; i < sample.length; i++) {
        const t0 = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}${sample[i]}`, {
          headers: {
            ...(s.auth ? { cookie: `${SESSION_COOKIE}=${tokens[i % tokens.length]}` } : {}),
            "x-forwarded-for": visitorAddress(i),
          },
        });
        await res.arrayBuffer();
        const kind = kindMap?.get(sample[i]!) ?? "other";
        times.set(kind, [...(times.get(kind) ?? []), performance.now() - t0]);
        if (!res.ok) failures.push(`${sample[i]} ${res.status}`);
      }
      if (!probe[s.name]) {
        probe[s.name] = Object.fromEntries(
          [...times].map(([kind, ms]) => {
            const sorted = ms.sort((a, b) => a - b);
            return [
              kind,
              {
                n: sorted.length,
                medianMs: Number(percentile(sorted, 50).toFixed(1)),
                maxMs: Number((sorted[sorted.length - 1] ?? 0).toFixed(1)),
              },
            ];
          }),
        );
        console.log(
          `${s.name}: one uncached request by kind (median / max ms): ${Object.entries(probe[s.name]!)
            .map(([k, v]) => `${k} ${v.medianMs} / ${v.maxMs} (${v.n})`)
            .join("; ")}`,
        );
      }
      if (failures.length > 0) {
        throw new Error(
          `${s.name}: ${failures.length} of ${sample.length} sampled URLs failed: ${failures.slice(0, 5).join(", ")}`,
        );
      }
    }

    // Every endpoint must answer 2xx once before it is measured.
    for (const s of scenarios) {
      const p = typeof s.path === "function" ? s.path() : s.path;
      const res = await fetch(`http://127.0.0.1:${s.port ?? port}${p}`, {
        method: s.method ?? "GET",
        headers: {
          ...(s.auth ? { cookie: `${SESSION_COOKIE}=${tokens[1 % tokens.length]}` } : {}),
          ...(s.body ? { "content-type": "application/json" } : {}),
          // As a browser's write does: a cookie write without Origin is refused (issue 25).
          ...(s.method && s.method !== "GET" ? { origin: `http://127.0.0.1:${s.port ?? port}` } : {}),
        },
        body: s.body ? JSON.stringify(s.body()) : undefined,
      });
      if (!res.ok) throw new Error(`${s.name}: ${p} answered ${res.status} ${await res.text()}`);
    }

    const results: Result[] = [];
    for (const s of scenarios) {
      // The warm-up's answers are not timed, but an error or a higher RSS during it still counts.
      // A write row's measured run goes on where its warm-up's rotation stopped (a member's
      // per-minute limit counts both).
      const sessions = s.kind === "write" ? writeTokens : tokens;
      // The process answering the row: its CPU time per request is reported.
      const pid = s.kind === "ceiling" ? hello.pid : server.pid;
      const warm = warmup > 0 ? await run(s, sessions, pid, warmup) : null;
      const measured = warm && s.kind === "write" ? rotate(sessions, warm.sent) : sessions;
      const r = await run(s, measured, pid, duration, s.kind === "html" ? logDir : undefined);
      if (warm) {
        r.errors += warm.errors;
        for (const [code, n] of Object.entries(warm.statuses)) r.statuses[code] = (r.statuses[code] ?? 0) + n;
        if (warm.peakRssMb !== null && (r.peakRssMb === null || warm.peakRssMb > r.peakRssMb))
          r.peakRssMb = warm.peakRssMb;
      }
      await sleep(1000); // let queued work (event handlers, notifications) drain between endpoints
      results.push(r);
      console.log(
        `${r.name.padEnd(34)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  errors ${r.errors}${r.errors > 0 ? ` ${JSON.stringify(r.statuses)}` : ""}  RSS ${r.peakRssMb ?? "-"} MB${
          r.distinctUrls
            ? `  URLs ${r.urlsRequested}/${r.distinctUrls}  cache hits ${pct(r.cacheHitShare)}`
            : ""
        }${r.ttfb ? `  TTFB p50 ${r.ttfb.p50} p99 ${r.ttfb.p99} ms (${r.ttfb.requests} probes)` : ""}${
          r.cpuUsPerRequest?.server != null
            ? `  CPU µs/request server ${r.cpuUsPerRequest.server}, PostgreSQL ${r.cpuUsPerRequest.postgres ?? "-"}`
            : ""
        }`,
      );
      for (const [kind, k] of Object.entries(r.hitsByKind ?? {}).sort(
        (a, b) => b[1].answers - a[1].answers,
      )) {
        console.log(
          `    ${kind.padEnd(70)} ${String(k.answers).padStart(7)} answers  hits ${pct(k.hits / k.answers)}`,
        );
      }
    }
    const ceiling = results.find((r) => r.kind === "ceiling")?.rps ?? 0;
    for (const r of results) r.ratio = ceiling > 0 ? Number((r.rps / ceiling).toFixed(3)) : null;
    const targets = judge(results);
    if (targets.length > 0) {
      console.log("\nIssue 26 targets:");
      for (const t of targets) console.log(`  ${t}`);
    }

    const machine = {
      nproc: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "unknown",
      memoryGb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
      node: process.version,
      postgres: pgVersion,
      loadAverageAtStart,
    };
    const when = new Date().toISOString();
    const record = {
      when,
      machine,
      settings: {
        mode,
        duration,
        warmup,
        connections,
        members: tokens.length,
        writeMembers: writeTokens.length,
        mixSize,
        zipfS,
        acceptEncoding,
      },
      data: counts,
      mixes: mixes
        ? { publicApi: mixes.publicApi.kinds, signedIn: mixes.signedIn.kinds, html: mixes.html.kinds }
        : null,
      results,
      targets,
      probe,
    };
    const suffix = db.kind === "pglite" ? "-pglite" : "";
    const file =
      jsonOut ?? path.join(root, "bench/results", `${when.slice(0, 19).replace(/:/g, "-")}${suffix}.json`);
    if (recordRun || jsonOut) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    }
    if (!recordRun) {
      console.log(
        `\nBENCH_RECORD=0: no table added to bench/results${jsonOut ? ` (results in ${jsonOut})` : ""}`,
      );
    } else {
      const errorCell = (r: Result) =>
        `${r.errors}${
          r.errors > 0
            ? ` (${
                Object.entries(r.statuses)
                  .filter(([c]) => !/^2\d\d$/.test(c))
                  .map(([c, k]) => `${k}×${c}`)
                  .join(", ") || "socket"
              })`
            : ""
        }`;
      const mixed = results.some((r) => r.distinctUrls);
      const lines = [
        "",
        `### bench:api run ${when}${db.kind === "pglite" ? " (PGlite, embedded default)" : ""}`,
        "",
        `Machine: ${machine.nproc} CPUs (${machine.cpu}), ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.postgres}; load average at start ${machine.loadAverageAtStart.join(" / ")} (the machine is shared).`,
        `Data: ${counts.members} members, ${counts.posts} posts, ${counts.likes} likes, ${counts.notifications} notifications${leftBehind > 0 ? ` (${leftBehind} of the newest ${NEWEST_WINDOW} posts left by earlier runs' write rows)` : ""}. ${connections} connections, ${duration} s per row after ${warmup} s of warm-up, sessions of ${tokens.length} members in rotation (${writeTokens.length} for the writes), BENCH_MODE=${mode}. Results file: \`${path.relative(root, file)}\`.`,
        ...(mixes
          ? [
              `Mixes: Zipf s=${zipfS} over ${mixes.publicApi.urls.length} public API URLs, ${mixes.signedIn.urls.length} signed-in URLs and ${mixes.html.urls.length} pages (kinds and counts in the results file); "URLs" is requested / listed, "cache hits" the share answered from the public micro-cache, TTFB from a one-connection probe during the row.`,
            ]
          : []),
        "",
        `| Endpoint | Kind | req/s | × bare Fastify | p50 ms | p95 ms | p99 ms | errors | server peak RSS MB | CPU µs per request (server / PostgreSQL) |${mixed ? " URLs | cache hits | TTFB p50 / p99 ms |" : ""}`,
        `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|${mixed ? "---:|---:|---:|" : ""}`,
        ...results.map(
          (r) =>
            `| ${r.name} | ${r.kind} | ${r.rps} | ${r.ratio === null ? "-" : pct(r.ratio)} | ${r.p50} | ${r.p95} | ${r.p99} | ${errorCell(r)} | ${r.peakRssMb ?? "-"} | ${r.cpuUsPerRequest?.server ?? "-"} / ${r.cpuUsPerRequest?.postgres ?? "-"} |${
              mixed
                ? ` ${r.distinctUrls ? `${r.urlsRequested} / ${r.distinctUrls}` : "-"} | ${
                    r.distinctUrls ? pct(r.cacheHitShare) : "-"
                  } | ${r.ttfb ? `${r.ttfb.p50} / ${r.ttfb.p99}` : "-"} |`
                : ""
            }`,
        ),
        "",
        ...(targets.length > 0
          ? ["Issue 26 targets in this run:", "", ...targets.map((t) => `- ${t}`), ""]
          : []),
        ...Object.entries(probe).flatMap(([name, kinds]) => [
          `${name}, one uncached request at a time before the load, median / max ms by kind: ${Object.entries(
            kinds,
          )
            .map(([k, v]) => `${k} ${v.medianMs} / ${v.maxMs}`)
            .join("; ")}.`,
          "",
        ]),
      ];
      const history = recordRunInHistory(when, "bench:api", lines);
      console.log(
        `\nwrote ${path.relative(root, file)} and added the table to ${path.relative(root, history)}`,
      );
    }
    console.log(`server output (warnings and errors): ${serverLog}`);
  } finally {
    stop();
    if (db.kind === "pglite") {
      if (server.exitCode === null && server.signalCode === null) {
        await new Promise((resolve) => server.once("exit", resolve));
      }
      db = await openBenchDb();
    }
    await db.query("DELETE FROM sessions WHERE token_hash = ANY($1::text[])", [hashes]).catch(() => {});
    await db.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

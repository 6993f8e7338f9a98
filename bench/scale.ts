/**
 * Cost against size (issue 26 item 4): the per-endpoint rows of bench:api at several data set
 * scales, one table with each endpoint's throughput at every scale. A request's cost must not
 * grow with the data: a row whose throughput falls by more than 25% from the smallest scale to
 * the largest is flagged.
 *
 *   BENCH_SCALES         default "0.01,0.1,1"
 *   BENCH_SCALE_DBS      databases per scale, default "0.01=agora_bench_001,0.1=agora_bench_01,1=agora_bench"
 *                        (on the server of BENCH_DATABASE_URL, default 127.0.0.1:5432); a database
 *                        that is missing or empty is generated with `bench:data` at that scale, one
 *                        that holds data is reused (never regenerated here)
 *   BENCH_SCALE_RESULTS  reuse recorded bench:api results instead of running, e.g.
 *                        "1=bench/results/2026-11-26T10-00-00.json"
 *   BENCH_ONLY, BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_PORT  passed to bench:api
 *   BENCH_MODE           passed to bench:api, default endpoints (all: the mixes are measured and
 *                        recorded at each scale too; the scale table has the endpoint rows only)
 *   BENCH_RECORD=0       print only (no table added to bench/results/<date>.md)
 *   BENCH_MEMBERS        members whose sessions rotate, the same at every scale; default the
 *                        fewest bench members on an unlimited plan among the scales run (so
 *                        members' own caches and limits weigh the same: only the data grows)
 *
 * A write row refused by the members' posting limit (429s) at some scale is not compared: its
 * req/s count refusals, not the cost of a write.
 *
 * Each scale's bench:api run (BENCH_MODE=endpoints) is recorded as usual (its own table and
 * results file); this script adds the comparison table to the history and writes
 * bench/results/scale-<date-time>.json. Throughput is compared both raw and as a share of the
 * bare-Fastify ceiling of the same run (the machine's own speed moves between runs); the flag
 * uses the share of bare.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { recordRunInHistory, root } from "./lib";

const scales = (process.env.BENCH_SCALES ?? "0.01,0.1,1").split(",").map((s) => s.trim());
const parseMap = (text: string) =>
  new Map(
    text
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=").map((x) => x.trim()) as [string, string]),
  );
const dbs = parseMap(process.env.BENCH_SCALE_DBS ?? "0.01=agora_bench_001,0.1=agora_bench_01,1=agora_bench");
const reuse = parseMap(process.env.BENCH_SCALE_RESULTS ?? "");
const base = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/agora_bench");
const recordRun = process.env.BENCH_RECORD !== "0";
const FLAG_DROP = 0.25;

interface Row {
  name: string;
  kind: string;
  rps: number;
  ratio: number | null;
  p99: number;
  errors: number;
}
interface Run {
  when: string;
  settings?: { members?: number };
  data: { members: number; posts: number };
  results: Row[];
}

const urlFor = (db: string) => {
  const u = new URL(base.toString());
  u.pathname = `/${db}`;
  return u.toString();
};

/** Posts in the database, or null when it does not exist or has no posts table. */
async function postCount(db: string): Promise<number | null> {
  const admin = new pg.Client({ connectionString: urlFor("postgres") });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [db]);
    if (found.rowCount === 0) return null;
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: urlFor(db) });
  await client.connect();
  try {
    return Number((await client.query("SELECT count(*)::int AS n FROM posts")).rows[0].n);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** Bench members on an unlimited plan (bench:api's sessions; same query). */
async function unlimitedMembers(db: string): Promise<number> {
  const client = new pg.Client({ connectionString: urlFor(db) });
  await client.connect();
  try {
    const res = await client.query(
      "SELECT count(*)::int AS n FROM users WHERE username LIKE 'bench\\_%' AND subscription_tier IN ('pro', 'premium') AND subscription_expires_at IS NULL AND rate_limited_until IS NULL",
    );
    return Number(res.rows[0].n);
  } finally {
    await client.end();
  }
}

function tsx(script: string, env: NodeJS.ProcessEnv): void {
  const res = spawnSync(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  if (res.status !== 0) throw new Error(`${script} failed (exit ${res.status})`);
}

async function main(): Promise<void> {
  const runs = new Map<string, { run: Run; file: string }>();
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "-");
  // Every database first (generated when missing), then one number of members for all runs.
  const toRun = scales.filter((scale) => !reuse.get(scale));
  for (const scale of toRun) {
    const db = dbs.get(scale);
    if (!db) throw new Error(`No database for scale ${scale}: add it to BENCH_SCALE_DBS`);
    if (!(((await postCount(db)) ?? 0) > 0)) {
      console.log(`scale ${scale}: generating ${db}`);
      tsx("bench/generate-data.ts", {
        BENCH_SCALE: scale,
        BENCH_DATABASE_URL: urlFor(db),
        BENCH_TARGET: "postgres",
      });
    }
  }
  const counts = await Promise.all(toRun.map((scale) => unlimitedMembers(dbs.get(scale)!)));
  const members = process.env.BENCH_MEMBERS ?? String(Math.min(5_000, ...counts));
  console.log(`sessions of ${members} members in rotation at every scale run`);
  for (const scale of scales) {
    const reused = reuse.get(scale);
    if (reused) {
      const file = path.resolve(root, reused);
      runs.set(scale, { run: JSON.parse(fs.readFileSync(file, "utf8")) as Run, file });
      console.log(`scale ${scale}: reusing ${path.relative(root, file)}`);
      continue;
    }
    const db = dbs.get(scale);
    if (!db) throw new Error(`No database for scale ${scale}: add it to BENCH_SCALE_DBS`);
    const url = urlFor(db);
    const file = path.join(root, "bench/results", `${stamp}-scale-${scale}.json`);
    console.log(`scale ${scale}: bench:api on ${db}`);
    tsx("bench/api.ts", {
      BENCH_DATABASE_URL: url,
      BENCH_TARGET: "postgres",
      // all: the mixes too (their rows are recorded with the run, not in the scale table).
      BENCH_MODE: process.env.BENCH_MODE ?? "endpoints",
      BENCH_JSON: file,
      BENCH_MEMBERS: members,
    });
    runs.set(scale, { run: JSON.parse(fs.readFileSync(file, "utf8")) as Run, file });
  }

  const first = scales[0]!;
  const last = scales[scales.length - 1]!;
  const endpointKinds = new Set(["ceiling", "public read", "signed-in read", "write"]);
  const names = [
    ...new Set(
      [...runs.values()].flatMap((r) =>
        r.run.results.filter((x) => endpointKinds.has(x.kind)).map((x) => x.name),
      ),
    ),
  ];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const table = names.map((name) => {
    const at = scales.map((s) => runs.get(s)?.run.results.find((r) => r.name === name));
    const a = at[0];
    const b = at[at.length - 1];
    const drop = a && b && a.rps > 0 ? 1 - b.rps / a.rps : null;
    const ratioDrop = a?.ratio && b?.ratio != null ? 1 - b.ratio / a.ratio : null;
    const kind = at.find(Boolean)?.kind ?? "";
    const refused = kind === "write" && at.some((r) => (r?.errors ?? 0) > 0);
    return {
      name,
      kind,
      at,
      drop,
      ratioDrop,
      refused,
      flagged: kind !== "ceiling" && !refused && ratioDrop !== null && ratioDrop > FLAG_DROP,
    };
  });

  const header = scales.map((s) => {
    const r = runs.get(s)?.run;
    return `${s} (${r ? `${Math.round(r.data.posts / 1000)}k posts` : "-"})`;
  });
  const lines = [
    "",
    `### bench:scale run ${new Date().toISOString()}`,
    "",
    `Per-endpoint throughput (req/s, and × bare Fastify of the same run) at BENCH_SCALE ${scales.join(" / ")}; "change" is from ${first} to ${last}, raw and as a share of bare; flagged (⚠) when the share of bare falls by more than ${FLAG_DROP * 100}%. Sessions of ${scales
      .map((s) => runs.get(s)?.run.settings?.members ?? "?")
      .join(" / ")} members in rotation. Runs: ${scales
      .map((s) => `${s} \`${path.relative(root, runs.get(s)!.file)}\``)
      .join(", ")}.`,
    "",
    `| Endpoint | Kind | ${header.join(" | ")} | change req/s | change × bare | p99 ms (${scales.join(" / ")}) |`,
    `|---|---|${scales.map(() => "---:").join("|")}|---:|---:|---:|`,
    ...table.map(
      (t) =>
        `| ${t.flagged ? "⚠ " : ""}${t.name}${t.refused ? " (refusals: not compared)" : ""} | ${t.kind} | ${t.at
          .map((r) =>
            r
              ? `${r.rps} (${r.ratio === null ? "-" : pct(r.ratio)})${r.errors > 0 ? ` ${r.errors} errors` : ""}`
              : "-",
          )
          .join(
            " | ",
          )} | ${t.drop === null ? "-" : pct(-t.drop)} | ${t.ratioDrop === null ? "-" : pct(-t.ratioDrop)} | ${t.at
          .map((r) => (r ? r.p99 : "-"))
          .join(" / ")} |`,
    ),
    "",
    `Flagged: ${
      table
        .filter((t) => t.flagged)
        .map((t) => t.name)
        .join(", ") || "none"
    }.`,
    "",
  ];
  console.log(lines.join("\n"));
  const out = path.join(root, "bench/results", `scale-${stamp}.json`);
  fs.writeFileSync(
    out,
    `${JSON.stringify({ when: new Date().toISOString(), scales, runs: Object.fromEntries([...runs].map(([s, r]) => [s, path.relative(root, r.file)])), table }, null, 2)}\n`,
  );
  if (recordRun) {
    const history = recordRunInHistory(new Date().toISOString(), "bench:scale", lines);
    console.log(`wrote ${path.relative(root, out)} and added the table to ${path.relative(root, history)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SESSION_COOKIE } from "../../../common/constants";
import { type Database, queryRows } from "../../db/connect";

/**
 * Shared pieces of the reliability tests (`src/server/reliability/*.process.test.ts`): they start the
 * REAL server entry point (src/server/main.ts through tsx, like src/server/main.process.test.ts),
 * kill it or its dependencies, and check what survived.
 */

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

export function startServer(port: number, env: Record<string, string>): ServerProcess {
  let out = "";
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      SEED_DEMO: "0",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => {
    proc.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null)));
  });
  return { proc, port, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Waits until `/api/ready` answers 200 (or the process exits, or the time is up). */
export async function waitReady(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`server exited before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/ready`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`server not ready in ${timeoutMs} ms:\n${server.output()}`);
    await sleep(200);
  }
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  server.proc.kill(signal);
  await server.exited;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

// ---------------------------------------------------------------------------------------------
// Members with sessions, inserted straight into the database (as bench/api.ts does): the rate
// limits stay on, writes are spread over many members, and each member is on an unlimited plan.

export interface Member {
  id: number;
  cookie: string;
}

const tokenOf = (username: string) => `reltoken-${username}`;

/** Creates `count` Pro members named `${prefix}1…` with one session each; answers them in order. */
export async function createMembers(database: Database, prefix: string, count: number): Promise<Member[]> {
  const like = `${prefix}%`;
  await database.db.execute(sql`
    INSERT INTO users (username, email, password_hash, subscription_tier, subscription_status, subscription_expires_at)
    SELECT ${prefix} || g, ${prefix} || g || '@example.test', 'not-a-hash', 'pro', 'active', now() + interval '30 days'
    FROM generate_series(1, ${count}::int) AS g`);
  // The session token is `reltoken-<username>`; the table holds its sha256, base64url (session.ts).
  await database.db.execute(sql`
    INSERT INTO sessions (token_hash, user_id, expires_at)
    SELECT rtrim(translate(encode(sha256(convert_to('reltoken-' || username, 'UTF8')), 'base64'), '+/', '-_'), '='),
           id, now() + interval '1 day'
    FROM users WHERE username LIKE ${like}`);
  const rows = await queryRows<{ id: number; username: string }>(
    database.db,
    sql`SELECT id, username FROM users WHERE username LIKE ${like} ORDER BY id`,
  );
  return rows.map((r) => ({ id: r.id, cookie: `${SESSION_COOKIE}=${tokenOf(r.username)}` }));
}

/** Posts written straight into the table (targets for likes and comments). */
export async function createPosts(database: Database, authorId: number, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO posts (author_id, content)
        SELECT ${authorId}::int, 'rlb target ' || g FROM generate_series(1, ${count}::int) AS g
        RETURNING id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number;
  ms: number;
  body: unknown;
}

/** One request with a hard timeout; status 0 means no answer (connection refused, reset, timeout). */
export async function call(
  url: string,
  opts: { method?: string; cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  // As a browser's write does: a cookie write without Origin is refused (issue 25).
  if ((opts.method ?? "GET") !== "GET") headers.origin = new URL(url).origin;
  try {
    const res = await fetch(url, {
      method: opts.method ?? "GET",
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, ms: Date.now() - started, body };
  } catch {
    return { status: 0, ms: Date.now() - started, body: null };
  }
}

// ---------------------------------------------------------------------------------------------
// Integrity of the counters (what a crash must never break)

export interface CounterMismatch {
  id: number;
  likes: number;
  likeRows: number;
  comments: number;
  commentRows: number;
}

/** Posts whose `likes`/`comments` counters disagree with their rows (must be none); hidden comments are not counted (migration 0015). */
export async function counterMismatches(database: Database): Promise<CounterMismatch[]> {
  return queryRows<CounterMismatch>(
    database.db,
    sql`SELECT p.id, p.likes, p.comments,
          (SELECT count(*)::int FROM post_likes l WHERE l.post_id = p.id) AS "likeRows",
          (SELECT count(*)::int FROM post_comments c WHERE c.post_id = p.id AND c.hidden_at IS NULL) AS "commentRows"
        FROM posts p
        WHERE p.likes <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
           OR p.comments <> (SELECT count(*) FROM post_comments c WHERE c.post_id = p.id AND c.hidden_at IS NULL)`,
  );
}

// ---------------------------------------------------------------------------------------------
// A private PostgreSQL 15 cluster (for the tests that stop the database)

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

function asPostgres(cmd: string, args: string[]): void {
  const bin = path.join(PG_BIN, cmd);
  if (process.getuid?.() === 0) {
    execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" });
  } else {
    execFileSync(bin, args, { stdio: "pipe" });
  }
}

export interface Cluster {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

export function createCluster(port: number): Cluster {
  const dir = tempDir("agora-rel-pg-");
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const opts = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      asPostgres("pg_ctl", ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "start"]);
      running = true;
    },
    stop() {
      asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      running = false;
    },
    destroy() {
      try {
        if (running) asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

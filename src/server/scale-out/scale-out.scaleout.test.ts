import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_DEFAULTS } from "../../common/moderation";
import { eventually, openStream, type SseClient } from "../test/notification-stream";
import { parseMail } from "../test/mail-parse";
import type { TestMember } from "../test/harness";

/**
 * `scripts/scale-out.mjs` for real: two server processes (the sources, through tsx) behind nginx,
 * sharing a PostgreSQL database made for this test and the Redis server. Every check talks to
 * the instances directly and through nginx. Runs in the "scale-out" Vitest project (needs
 * TEST_REDIS_URL, PostgreSQL at TEST_DATABASE_URL's server or 127.0.0.1:5432, and nginx).
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Rate-limit counters go to a Redis database of their own (pub/sub channels are server-wide).
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
redisUrl.pathname = "/11";
const REDIS_URL = redisUrl.toString();

const run = randomBytes(4).toString("hex");
const dbName = `agora_scaleout_${run}`;
const databaseUrl = (() => {
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const ADMIN_EMAIL = `admin-${run}@example.com`;

interface Summary {
  url: string;
  instances: { name: string; url: string; pid: number }[];
  nginx: { pid: number; config: string; accessLog: string };
}

let script: ChildProcess;
let output = "";
let summary: Summary;
let dataDir: string;
let a: string;
let b: string;
let lb: string;
const streams: SseClient[] = [];

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode);
    else proc.once("exit", (code) => resolve(code));
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A made-up client address: direct calls stand for different people (TRUST_PROXY=1). */
const clientIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

async function call(
  base: string,
  method: string,
  url: string,
  { body, cookie, ip }: { body?: unknown; cookie?: string; ip?: string } = {},
): Promise<{ status: number; json: Record<string, unknown>; setCookie: string[] }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (cookie) headers.cookie = cookie;
  if (ip) headers["x-forwarded-for"] = ip;
  // As a browser's write does: a cookie write without Origin is refused (issue 25).
  if (method !== "GET") headers.origin = new URL(base).origin;
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { text };
  }
  return { status: res.status, json, setCookie: res.headers.getSetCookie() };
}

const cookieOf = (setCookie: string[]) => setCookie.map((c) => c.split(";")[0]).join("; ");

let counter = 0;
async function register(base: string, email?: string): Promise<TestMember> {
  const username = `so${run}${++counter}`;
  const member = { username, email: email ?? `${username}@example.com`, password: "password123" };
  const res = await call(base, "POST", "/api/auth/register", { body: member, ip: clientIp() });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { ...member, cookie: cookieOf(res.setCookie), id: res.json.id as number };
}

/** Follows the verification link mailed to `email` (DATA_DIR/outbox: no SMTP_URL here). */
async function verifyFromOutbox(base: string, email: string): Promise<void> {
  const dir = path.join(dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
    const raw = files
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
      .find((r) => new RegExp(`^To: ${email}`, "im").test(r) && /Verify your/.test(parseMail(r).subject));
    if (raw) {
      const token = /\/verify-email\?token=([\w%-]+)/.exec(parseMail(raw).text)?.[1];
      const res = await call(base, "POST", "/api/auth/verify-email", {
        body: { token: decodeURIComponent(token ?? "") },
        ip: clientIp(),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Lines of nginx's access log since `from` (a byte offset), with the instance that answered. */
function accessLog(from = 0): { line: string; upstream: string }[] {
  const text = fs.readFileSync(summary.nginx.accessLog, "utf8").slice(from);
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => ({ line, upstream: /upstream=(\S+)/.exec(line)?.[1] ?? "" }));
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  // Attempts counted through nginx all come from 127.0.0.1: start each run from zero.
  await redis.del(
    "agora:rl:forgot-ip:127.0.0.1",
    "agora:rl:login-ip:127.0.0.1",
    "agora:rl:register-ip:127.0.0.1",
  );
  redis.disconnect();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-scaleout-"));

  script = spawn(
    process.execPath,
    ["scripts/scale-out.mjs", "--port", "0", "--", process.execPath, "--import", "tsx", "src/server/main.ts"],
    {
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        SEED_DEMO: "0",
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        DATA_DIR: dataDir,
        ADMIN_EMAILS: ADMIN_EMAIL,
        APP_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const ready = new Promise<Summary>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const m = /^scale-out ready (.+)$/m.exec(output);
      if (m) resolve(JSON.parse(m[1]!) as Summary);
    };
    script.stdout?.on("data", onData);
    script.stderr?.on("data", (d) => {
      output += d;
    });
    script.once("exit", (code) => reject(new Error(`scale-out exited (${code}):\n${output.slice(-3000)}`)));
  });
  summary = await ready;
  [a, b] = summary.instances.map((i) => i.url) as [string, string];
  lb = summary.url;
  // Member ids far from the small ones other test databases use: the notification channels
  // ("notifications:<id>") are shared by everything on this Redis server.
  const start = 100_000_000 + Math.floor(Math.random() * 1_900_000_000);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`ALTER SEQUENCE users_id_seq RESTART WITH ${start}`);
  await db.end();
}, 150_000);

afterAll(async () => {
  for (const s of streams) s.close();
  if (script && script.exitCode === null && script.signalCode === null) {
    script.kill("SIGKILL");
    await exited(script);
  }
  for (const pid of [...(summary?.instances.map((i) => i.pid) ?? []), summary?.nginx.pid]) {
    if (pid && alive(pid)) process.kill(pid, "SIGKILL");
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
}, 60_000);

describe("two instances behind nginx (scripts/scale-out.mjs)", () => {
  it("starts two instances on their own ports and nginx in front, each answering", async () => {
    expect(summary.instances).toHaveLength(2);
    expect(new Set([a, b, lb]).size).toBe(3);
    for (const base of [a, b, lb]) {
      const res = await call(base, "GET", "/api/ready");
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ status: "ready", database: "postgres" });
    }
  });

  it("spreads requests over both instances", async () => {
    const from = fs.statSync(summary.nginx.accessLog).size;
    for (let i = 0; i < 8; i++) expect((await call(lb, "GET", "/api/health")).status).toBe(200);
    const lines = accessLog(from).filter((l) => l.line.includes("/api/health"));
    expect(lines).toHaveLength(8);
    const used = new Set(lines.map((l) => `http://${l.upstream}`));
    expect(used).toEqual(new Set([a, b]));
  });

  it("accepts a session made on one instance on the other, and through nginx", async () => {
    const member = await register(a);
    for (const base of [b, lb]) {
      const me = await call(base, "GET", "/api/auth/me", { cookie: member.cookie });
      expect(me.status).toBe(200);
      expect(me.json.username).toBe(member.username);
    }
    // Signed in on B, the session works on A; signed out on A, it is gone on B.
    const login = await call(b, "POST", "/api/auth/login", {
      body: { username: member.username, password: "password123" },
      ip: clientIp(),
    });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login.setCookie);
    expect((await call(a, "GET", "/api/auth/me", { cookie })).json.username).toBe(member.username);
    expect((await call(a, "POST", "/api/auth/logout", { cookie })).status).toBe(200);
    expect((await call(b, "GET", "/api/auth/me", { cookie })).status).toBe(401);
    expect((await call(lb, "GET", "/api/auth/me", { cookie })).status).toBe(401);
  });

  it("counts rate limits across instances: attempts on A, on B and through nginx add up", async () => {
    // Password-reset requests: 5 an hour per address (cheap to make, unlike failed logins).
    const email = `nobody-${run}@example.com`;
    const ask = (base: string) =>
      call(base, "POST", "/api/auth/forgot-password", {
        body: { email },
        ip: base === lb ? undefined : clientIp(),
      });
    for (const base of [a, a, b, b, lb]) expect((await ask(base)).status).toBe(200);
    // The 6th is refused wherever it lands.
    for (const base of [a, b, lb]) {
      const refused = await ask(base);
      expect(refused.status).toBe(429);
      expect(String(refused.json.message)).toMatch(/rate limit/);
    }
  });

  it("delivers a notification raised on A to a live stream held by B, and through nginx", async () => {
    const owner = await register(a);
    const fan = await register(b);
    const other = await register(a);
    const onB = await openStream(b, owner);
    streams.push(onB);
    expect(onB.status).toBe(200);
    expect(await onB.next(10_000)).toEqual({ event: "unread", data: JSON.stringify({ count: 0 }) });
    const viaLb = await openStream(lb, owner);
    streams.push(viaLb);
    expect(viaLb.status).toBe(200);
    expect(await viaLb.next(10_000)).toEqual({ event: "unread", data: JSON.stringify({ count: 0 }) });

    // Followed through A: B's stream hears it (and so does the one behind nginx, wherever it is).
    expect((await call(a, "POST", `/api/users/${owner.id}/follow`, { cookie: fan.cookie })).status).toBe(200);
    const one = { event: "unread", data: JSON.stringify({ count: 1 }) };
    expect(await onB.next(10_000)).toEqual(one);
    expect(await viaLb.next(10_000)).toEqual(one);

    // Followed through nginx: both streams again.
    expect((await call(lb, "POST", `/api/users/${owner.id}/follow`, { cookie: other.cookie })).status).toBe(
      200,
    );
    const two = { event: "unread", data: JSON.stringify({ count: 2 }) };
    expect(await onB.next(10_000)).toEqual(two);
    expect(await viaLb.next(10_000)).toEqual(two);
  });

  it("keeps a member's Following tab and notifications on B only until a change on A reaches them", async () => {
    const reader = await register(a);
    const author = await register(a);
    const as = (m: TestMember) => ({ cookie: m.cookie });
    const get = async (url: string, m: TestMember) => {
      const res = await fetch(`${b}${url}`, { headers: { cookie: m.cookie, "accept-encoding": "gzip" } });
      expect(res.status).toBe(200);
      return {
        body: (await res.json()) as Array<{ id: number; type?: string }>,
        hit: res.headers.get("x-member-cache") === "hit",
      };
    };
    const feed = "/api/posts?limit=20&tab=following";
    expect((await call(a, "POST", `/api/users/${author.id}/follow`, as(reader))).status).toBe(200);
    await get(feed, reader);
    expect(await get(feed, reader)).toEqual({ body: [], hit: true });
    await get("/api/notifications?limit=20", author);
    expect((await get("/api/notifications?limit=20", author)).hit).toBe(true);

    // Posted through A: B's kept page of the reader goes at once.
    const made = await call(a, "POST", "/api/posts", {
      body: { content: `Across instances ${run}` },
      ...as(author),
    });
    expect(made.status).toBe(201);
    await eventually(
      async () => (await get(feed, reader)).body.map((p) => p.id).join() === String(made.json.id),
    );
    // Liked through A: the author's kept notifications on B show it.
    expect((await call(a, "POST", `/api/posts/${made.json.id}/like`, as(reader))).status).toBe(200);
    await eventually(async () =>
      (await get("/api/notifications?limit=20", author)).body.some((n) => n.type === "like"),
    );
  });

  it("applies moderation settings changed on A on B at once (no cache delay)", async () => {
    const adminMember = await register(a, ADMIN_EMAIL);
    // An ADMIN_EMAILS address is admin once verified (issue 25): follow the link from the outbox.
    await verifyFromOutbox(b, ADMIN_EMAIL);
    const author = await register(b);
    const long = (n: number) =>
      `Note ${n} about model evaluation: 42 prompts, 7 runs each, 3 graders, and a tidy spreadsheet.`;
    // B reads (and caches) the current settings: a long post is accepted.
    const before = await call(b, "POST", "/api/posts", { body: { content: long(1) }, cookie: author.cookie });
    expect(before.status, JSON.stringify(before.json)).toBe(201);

    const put = await call(a, "PUT", "/api/admin/moderation-settings", {
      body: { ...MODERATION_DEFAULTS, maxLength: 40 },
      cookie: adminMember.cookie,
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(put.json.maxLength).toBe(40);

    // Right away, well inside B's 5 s cache lifetime: refused on B, and through nginx.
    for (const base of [b, lb]) {
      const after = await call(base, "POST", "/api/posts", {
        body: { content: long(base === b ? 2 : 3) },
        cookie: author.cookie,
      });
      expect(after.status).toBe(422);
      expect(String(after.json.message)).toMatch(/too long/);
    }
    expect(
      (await call(b, "GET", "/api/admin/moderation-settings", { cookie: adminMember.cookie })).json,
    ).toEqual({ ...MODERATION_DEFAULTS, maxLength: 40 });
  });

  it("serves an image uploaded through A from B and through nginx (shared DATA_DIR)", async () => {
    const member = await register(a);
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "dot.png");
    const res = await fetch(`${a}/api/uploads/images`, {
      method: "POST",
      headers: { cookie: member.cookie, origin: new URL(a).origin },
      body: form,
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    for (const base of [b, lb]) {
      const image = await fetch(`${base}${url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it("grants the admin role with the admin command, seen by both instances on the next request", async () => {
    const member = await register(a);
    const moderationStats = (base: string) =>
      call(base, "GET", "/api/admin/moderation-stats", { cookie: member.cookie });
    // Refused on both instances, which now keep the session (a minute, decision 0134).
    for (const base of [a, b]) expect((await moderationStats(base)).status).toBe(403);
    const cli = spawn(process.execPath, ["--import", "tsx", "src/server/cli/admin.ts", member.username], {
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: databaseUrl, REDIS_URL, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let said = "";
    cli.stdout?.on("data", (d) => {
      said += d;
    });
    cli.stderr?.on("data", (d) => {
      said += d;
    });
    expect(await exited(cli), said).toBe(0);
    expect(said).toContain(`${member.username} is now an admin.`);
    // The command announced it: neither instance waits for its kept session to age.
    await eventually(async () => {
      const seen = await Promise.all([a, b].map(async (base) => (await moderationStats(base)).status));
      return seen.every((status) => status === 200);
    });
  }, 60_000);

  it("stops nginx and both instances on SIGTERM and cleans up", { timeout: 60_000 }, async () => {
    for (const s of streams.splice(0)) s.close();
    script.kill("SIGTERM");
    expect(await exited(script)).toBe(0);
    expect(output).toContain("scale-out: stopped");
    for (const pid of [...summary.instances.map((i) => i.pid), summary.nginx.pid])
      expect(alive(pid)).toBe(false);
    expect(fs.existsSync(path.dirname(summary.nginx.config))).toBe(false);
    await expect(fetch(`${lb}/api/health`)).rejects.toThrow();
  });
});

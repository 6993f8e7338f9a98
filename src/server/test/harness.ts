import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { connectDatabase, type Database } from "../db/connect";
import { runSeed } from "../db/seed";
import type { AppContext } from "../platform/context";
import type { JobQueueOptions } from "../platform/jobs";
import { outboxDir } from "../platform/mail";
import { type ParsedMail, parseMail } from "./mail-parse";

/** Which database the API suite runs on (set per Vitest project). */
/**
 * A random tag for unique test text. Only letters and digits that the profanity filter's
 * leetspeak table leaves alone and that no English stemmer rewrites (random digits such as
 * "455" read as a swear word and get a post refused).
 */
export function randomTag(length = 6): string {
  const alphabet = "bkqvwxz89";
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
}

export const TEST_DB_KIND = process.env.AGORA_TEST_DB === "postgres" ? "postgres" : "pglite";

/** A fresh database of the suite's kind (`drop` removes it); `createTestApp` makes one per app. */
export async function createDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** PostgreSQL only: the database's URL, for a second connection (another "instance"). */
  url?: string;
}> {
  if (TEST_DB_KIND === "pglite") {
    const database = await connectDatabase({ pgliteDir: "memory://" });
    return { database, drop: async () => {} };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL API suite");
  const { default: pg } = await import("pg");
  const name = `agora_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await connectDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestMember {
  id: number;
  username: string;
  email: string;
  password: string;
  cookie: string;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface TestApp {
  app: FastifyInstance;
  /** Every route the app registered (method + url), HEAD routes excluded. */
  routes: RegisteredRoute[];
  ctx: AppContext;
  /** Waits until the background jobs that are due (mail, push, digest) have run: see platform/jobs.ts. */
  drainJobs(): Promise<void>;
  /** Sets the clock the app reads (expiries, time windows). */
  setNow(date: Date | undefined): void;
  inject(opts: InjectOptions & { as?: TestMember }): Promise<LightMyRequestResponse>;
  /** Registers a member through the API and answers their session cookie. */
  register(
    overrides?: Partial<{ username: string; email: string; password: string; generation: string }>,
  ): Promise<TestMember>;
  makeAdmin(member: TestMember): Promise<void>;
  /** The newest mail sent to `email` whose subject matches (outbox mode, the default). */
  latestMailTo(email: string, subject: RegExp): Promise<ParsedMail>;
  /** The token of the newest verification link mailed to `email`. */
  verificationToken(email: string): Promise<string>;
  /** Follows the newest verification link mailed to the member's address (as a visitor). */
  verifyEmail(member: Pick<TestMember, "email">): Promise<void>;
  /**
   * Runs SQL behind the app's back (standing for a webhook or another instance's write) and
   * resets the app's caches, as the write it stands for would (platform/write-sync.ts).
   */
  exec(sql: string): Promise<void>;
  seed(opts?: { demo?: boolean }): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

export async function createTestApp(
  configOverrides: Partial<Config> = {},
  env: Record<string, string> = {},
  options: {
    jobs?: JobQueueOptions;
    /** Adds routes or hooks to the app before it starts (e.g. a probe of `request.user`). */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createDatabase();
  let fixedNow: Date | undefined;
  const config = loadConfig(
    {
      DATA_DIR: `/tmp/agora-test-${process.pid}-${randomBytes(4).toString("hex")}`,
      NODE_ENV: "test",
      // Test files run side by side on one Redis: each app hears only its own (and its second instance's) writes.
      REDIS_PREFIX: `agora-test-${randomBytes(6).toString("hex")}:`,
      ...env,
    },
    configOverrides,
  );
  const routes: RegisteredRoute[] = [];
  const app = await buildApp(config, {
    database,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== "HEAD") routes.push({ method, url: route.url });
      }
    },
    passwordLogN: 10,
    logger: false,
    now: () => fixedNow ?? new Date(),
    jobs: options.jobs,
  });
  options.extend?.(app);
  await app.ready();

  const exec = async (sql: string) => {
    await database.exec(sql);
    app.resetCaches();
  };
  // Writes name the app's origin, as a browser's do (a cookie-carrying write without one is
  // refused); a test that wants none passes `origin` or `referer` itself (e.g. `origin: ""`).
  const inject: TestApp["inject"] = ({ as, headers, ...opts }) => {
    const h: Record<string, string | string[] | number | boolean | undefined> = { ...(headers ?? {}) };
    const write = !["GET", "HEAD", "OPTIONS"].includes(String(opts.method ?? "GET").toUpperCase());
    if (write && !("origin" in h) && !("referer" in h)) h.origin = config.appOrigin;
    if (h.origin === "") delete h.origin;
    return app.inject({ ...opts, headers: { ...h, ...(as ? { cookie: as.cookie } : {}) } });
  };

  /** The newest mail the app sent to `email` (outbox mode: DATA_DIR/outbox), parsed. */
  const latestMailTo = async (email: string, subject: RegExp): Promise<ParsedMail> => {
    await app.ctx.mailer.idle();
    const dir = outboxDir(config);
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
    const found = files
      .map((f) => ({
        f,
        raw: fs.readFileSync(path.join(dir, f), "utf8"),
        at: fs.statSync(path.join(dir, f)).mtimeMs,
      }))
      .filter(({ raw }) =>
        new RegExp(
          `^To: (?:.*[\\s<,])?${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:[>,]|\\s*$)`,
          "im",
        ).test(raw),
      )
      .map((m) => ({ ...m, mail: parseMail(m.raw) }))
      .filter((m) => subject.test(m.mail.subject))
      .sort((a, b) => a.at - b.at || a.f.localeCompare(b.f));
    const last = found.at(-1);
    if (!last) throw new Error(`no mail to ${email} matching ${subject}`);
    return last.mail;
  };

  const verificationToken = async (email: string): Promise<string> => {
    const mail = await latestMailTo(email, /Verify your/);
    const m = /\/verify-email\?token=([\w%-]+)/.exec(mail.text);
    if (!m) throw new Error(`no verification link in:\n${mail.text}`);
    return decodeURIComponent(m[1]!);
  };

  return {
    app,
    routes,
    ctx: app.ctx,
    drainJobs: () => app.ctx.jobs.drain(),
    setNow(date) {
      fixedNow = date;
    },
    inject,
    async register(overrides = {}) {
      counter += 1;
      const suffix = `${process.pid % 1000}${counter}${randomBytes(2).toString("hex")}`;
      const body = {
        username: overrides.username ?? `member${suffix}`,
        email: overrides.email ?? `member${suffix}@example.com`,
        password: overrides.password ?? "password123",
        generation: overrides.generation ?? "millennial",
      };
      // Each registration comes from its own address so the per-IP sign-up limit is not hit.
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: body,
        remoteAddress: `10.${counter % 250}.${(counter >> 8) % 250}.${Math.floor(Math.random() * 250)}`,
      });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      const cookie = String(res.headers["set-cookie"]).split(";")[0]!;
      return {
        id: res.json().id,
        username: body.username,
        email: body.email,
        password: body.password,
        cookie,
      };
    },
    latestMailTo,
    verificationToken,
    async verifyEmail(member) {
      const token = await verificationToken(member.email);
      const res = await inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
      if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
    },
    makeAdmin: (member) => exec(`UPDATE users SET role = 'admin' WHERE id = ${Number(member.id)}`),
    exec,
    async seed(opts = {}) {
      await runSeed(app.ctx, { demo: opts.demo ?? false });
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

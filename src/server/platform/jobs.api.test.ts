import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { connectDatabase, type Database } from "../db/connect";
import { type SmtpSink, startSmtpSink } from "../test/smtp-sink";
import { createDatabase, createTestApp, TEST_DB_KIND, type TestApp } from "../test/harness";
import type { JobQueueOptions } from "./jobs";
import { MAIL_JOB } from "./mail";

/**
 * The job queue (platform/jobs.ts) with the mail it carries: SMTP down, a restart, and two
 * instances on one database. Retry delays are one second here (production: 30 s, doubling).
 */
const FAST: JobQueueOptions = {
  pollingIntervalSeconds: 0.5,
  retry: { [MAIL_JOB]: { retryDelaySeconds: 1, retryBackoff: false, retryLimit: 30 } },
};

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** A local port nothing listens on (a mail server that is down), to bring up later. */
async function closedPort(): Promise<number> {
  const probe = await startSmtpSink();
  await probe.close();
  return probe.port;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mail = (to: string, subject: string) => ({ to, subject, text: `${subject} text`, html: "<p>x</p>" });

/** An app on an existing database (not closed with the app), as a second instance or after a restart. */
async function instance(
  database: Database,
  smtpUrl: string,
  jobs: JobQueueOptions,
): Promise<FastifyInstance> {
  const dataDir = `/tmp/agora-test-${process.pid}-${randomBytes(4).toString("hex")}`;
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }, { smtpUrl });
  const app = await buildApp(config, { database, passwordLogN: 10, logger: false, jobs });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/** Rows of a raw query on pg-boss's tables (PGlite and node-postgres clients both answer `{ rows }`). */
async function rows<T>(database: Database, text: string, values: unknown[]): Promise<T[]> {
  const client = (
    database.db as unknown as { $client: { query(t: string, v: unknown[]): Promise<{ rows: T[] }> } }
  ).$client;
  return (await client.query(text, values)).rows;
}

async function jobStates(database: Database, name: string): Promise<Record<string, number>> {
  const found = await rows<{ state: string; n: number }>(
    database,
    "SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY 1",
    [name],
  );
  return Object.fromEntries(found.map((r) => [r.state, r.n]));
}

describe("mail through the job queue", () => {
  it("SMTP down: the request still answers at once; the mail is retried and delivered once when it is back", async () => {
    const port = await closedPort();
    const t: TestApp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` }, {}, { jobs: FAST });
    cleanups.push(() => t.close());

    const started = Date.now();
    const member = await t.register(); // 201, a welcome mail and a verification link (issue 25)
    const forgot = await t.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: member.email },
    });
    expect(forgot.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);

    // The welcome mail failed, and was tried again (at least two attempts), while the server is down.
    await waitUntil(
      async () => {
        const [row] = await rows<{ n: number }>(
          t.ctx.database,
          `SELECT count(*)::int AS n FROM pgboss.job
            WHERE name = $1 AND retry_count >= 1 AND state IN ('retry', 'active')`,
          [MAIL_JOB],
        );
        return row!.n >= 1;
      },
      20_000,
      "a retried mail job",
    );
    expect(await t.ctx.mailer.pendingRetries()).toBeGreaterThanOrEqual(1);

    const sink: SmtpSink = await startSmtpSink(port);
    cleanups.push(() => sink.close());
    await sink.waitFor((m) => m.to.includes(member.email) && /Welcome/.test(m.subject), 20_000);
    await sink.waitFor((m) => m.to.includes(member.email) && /Reset your/.test(m.subject), 20_000);
    await sink.waitFor((m) => m.to.includes(member.email) && /Verify your/.test(m.subject), 20_000);
    await waitUntil(async () => (await t.ctx.mailer.pendingRetries()) === 0, 20_000, "no retries left");
    await t.ctx.mailer.idle();
    await new Promise((r) => setTimeout(r, 1_500)); // a duplicate attempt would land by now
    const toMember = sink.messages.filter((m) => m.to.includes(member.email));
    // Each delivered exactly once.
    for (const subject of [/Reset your/, /Verify your/, /Welcome/]) {
      expect(
        toMember.filter((m) => subject.test(m.subject)),
        String(subject),
      ).toHaveLength(1);
    }
    expect(toMember).toHaveLength(3);
    expect(await jobStates(t.ctx.database, MAIL_JOB)).toEqual({ completed: 3 });
  });

  it("a mail queued while SMTP is down survives a restart and is delivered by the next instance", async () => {
    const port = await closedPort();
    const { database, drop } = await createDatabase();
    cleanups.push(async () => {
      await database.close();
      await drop();
    });
    const first = await instance(database, `smtp://127.0.0.1:${port}`, FAST);
    expect((await first.ctx.mailer.send(mail("restart@example.com", "Survives 1"))).status).toBe("queued");
    await waitUntil(async () => (await first.ctx.mailer.pendingRetries()) === 1, 20_000, "a failed attempt");
    const closing = Date.now();
    await first.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
    expect(await jobStates(database, MAIL_JOB)).toEqual({ retry: 1 });

    const sink = await startSmtpSink(port);
    cleanups.push(() => sink.close());
    const second = await instance(database, `smtp://127.0.0.1:${port}`, FAST);
    const got = await sink.waitFor((m) => m.subject === "Survives 1", 20_000);
    expect(got.to).toEqual(["restart@example.com"]);
    await second.ctx.mailer.idle();
    expect(sink.messages.filter((m) => m.subject === "Survives 1")).toHaveLength(1);
    expect(await jobStates(database, MAIL_JOB)).toEqual({ completed: 1 });
  });
});

describe("two instances on one database", () => {
  it("deliver each of 50 mails exactly once, and run the digest once per tick", async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    sink.delayMs = 10; // each delivery takes a moment, so both workers are busy at once
    const { database, drop, url } = await createDatabase();
    cleanups.push(async () => {
      await database.close();
      await drop();
    });
    // On PostgreSQL each instance has its own pool, as two processes would; PGlite is one process.
    const secondDb =
      TEST_DB_KIND === "postgres" ? await connectDatabase({ databaseUrl: url, poolSize: 5 }) : database;
    if (secondDb !== database) cleanups.push(() => secondDb.close());
    const jobs: JobQueueOptions = { ...FAST, intervals: { "digest.flush": 1 } };
    const a = await instance(database, sink.url, jobs);
    const b = await instance(secondDb, sink.url, jobs);
    const tickStart = Date.now();

    const subjects = Array.from({ length: 50 }, (_, i) => `Once ${i + 1}`);
    await Promise.all(
      subjects.map((s, i) => (i % 2 === 0 ? a : b).ctx.mailer.send(mail(`once${i}@example.com`, s))),
    );
    await waitUntil(async () => sink.messages.length >= 50, 30_000, "50 mails");
    await Promise.all([a.ctx.mailer.idle(), b.ctx.mailer.idle()]);
    await new Promise((r) => setTimeout(r, 1_500));
    const counts = new Map<string, number>();
    for (const m of sink.messages) counts.set(m.subject, (counts.get(m.subject) ?? 0) + 1);
    expect(sink.messages).toHaveLength(50);
    expect(subjects.every((s) => counts.get(s) === 1)).toBe(true);
    expect(await jobStates(database, MAIL_JOB)).toEqual({ completed: 50 });

    // Both instances tick every second; one digest job per second-long slot, however many instances.
    await waitUntil(async () => Date.now() - tickStart > 4_000, 10_000, "a few ticks");
    const elapsedTicks = Math.ceil((Date.now() - tickStart) / 1000);
    const slots = await rows<{ slot: string; n: number }>(
      database,
      "SELECT singleton_on::text AS slot, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY 1",
      ["digest.flush"],
    );
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(slots.length).toBeLessThanOrEqual(elapsedTicks + 1);
    expect(slots.every((r) => r.n === 1)).toBe(true);
    await waitUntil(
      async () => ((await jobStates(database, "digest.flush")).completed ?? 0) >= 2,
      10_000,
      "digest runs",
    );
  });
});

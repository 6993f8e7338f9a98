import { type ChildProcess, spawn } from "node:child_process";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../db/connect";
import { migrate } from "../db/migrate";
import {
  call,
  createMembers,
  createPosts,
  freePort,
  type Member,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
  waitReady,
} from "../test/reliability/harness";

/**
 * Issue 13 §5 (Redis): with REDIS_URL set, Redis dies under the running app. The app keeps
 * serving on in-process rate limits and pub/sub, logs the loss once (not at every reconnect
 * attempt), never hangs; when Redis returns it reconnects by itself and the shared behaviour
 * (rate-limit counters and pub/sub messages in Redis) resumes. The Redis server is a private one.
 */

const FAST_MS = 3000;
const SHARED_PG = process.env.RELIABILITY_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function startRedis(port: number): ChildProcess {
  return spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
  return Date.now() - started;
}

let redisProc: ChildProcess | undefined;
let server: ServerProcess | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  if (server) await stopServer(server, "SIGKILL");
  redisProc?.kill("SIGKILL");
  for (const c of cleanups.reverse()) await c();
});

describe("Redis outage", () => {
  it("degrades to in-process limits and pub/sub, logs it once, and reconnects", {
    timeout: 120_000,
  }, async () => {
    const run = `r${Date.now().toString(36)}`;
    const dbName = `agora_rel_redis_${run}`;
    const admin = new pg.Client({ connectionString: SHARED_PG });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(SHARED_PG);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();
    const setup = await connectDatabase({ databaseUrl, poolSize: 1 });
    await migrate(setup);
    const members = await createMembers(setup, `rel${run}m`, 20);
    const [target] = await createPosts(setup, members[0]!.id, 1);
    await setup.close();

    const redisPort = await freePort();
    redisProc = startRedis(redisPort);
    // The test's own client keeps reconnecting too (ioredis' default), so it follows the restarts.
    const probe = new Redis({ port: redisPort, host: "127.0.0.1", maxRetriesPerRequest: 1 });
    probe.on("error", () => {});
    cleanups.push(() => probe.disconnect());
    await waitFor("redis up", async () => probe.status === "ready", 10_000);

    server = startServer(await freePort(), {
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    });
    await waitReady(server);
    const base = server.url;
    const ready = async () =>
      (await call(`${base}/api/ready`, { timeoutMs: 5000 })).body as { redis?: string };
    expect((await ready()).redis).toBe("up");

    const post = (m: Member, n: string) =>
      call(`${base}/api/posts`, {
        method: "POST",
        cookie: m.cookie,
        body: { content: `rlb ${run} ${n} zxq` },
      });
    const limiterKey = (m: Member) => `agora:rl:moderation-post-5:${m.id}`;

    // Up: the per-minute post limit is counted in Redis, shared by every instance.
    expect((await post(members[1]!, "up 1")).status).toBe(201);
    expect(await probe.get(limiterKey(members[1]!))).toBe("1");

    // Redis dies.
    redisProc.kill("SIGKILL");
    await new Promise((r) => redisProc?.once("exit", r));
    const killedAt = Date.now();
    await waitFor("ready reports redis down", async () => (await ready()).redis === "down", 5000);

    // Still serving, quickly: reads, likes (a notification is published in-process), posts.
    const answers = [];
    for (let round = 0; Date.now() - killedAt < 6000; round++) {
      answers.push(await call(`${base}/api/posts?limit=5`));
      answers.push(
        await call(`${base}/api/posts/${target}/like`, {
          method: "POST",
          cookie: members[2 + (round % 10)]!.cookie,
        }),
      );
      await sleep(200);
    }
    // The limit still holds, counted in memory: 5 posts a minute, the 6th refused.
    const member = members[15]!;
    for (let i = 1; i <= 5; i++) answers.push(await post(member, `down ${i}`));
    const sixth = await post(member, "down 6");
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(FAST_MS);
    expect(sixth.status).toBe(429);
    expect(sixth.ms).toBeLessThan(FAST_MS);
    expect((await ready()).redis).toBe("down");

    // Redis returns on the same port: the app reconnects by itself.
    redisProc = startRedis(redisPort);
    const reconnectMs = await waitFor(
      "ready reports redis up",
      async () => (await ready()).redis === "up",
      15_000,
    );
    await waitFor("the test's client reconnected", async () => probe.status === "ready", 10_000);

    // Shared behaviour resumes: limiter counters in Redis again, and pub/sub through Redis.
    expect((await post(members[16]!, "back 1")).status).toBe(201);
    expect(await probe.get(limiterKey(members[16]!))).toBe("1");
    const listener = new Redis({ port: redisPort, host: "127.0.0.1", maxRetriesPerRequest: 1 });
    listener.on("error", () => {});
    cleanups.push(() => listener.disconnect());
    const messages: string[] = [];
    listener.on("message", (_channel: string, raw: string) => messages.push(raw));
    await listener.subscribe("agora:notifications");
    let liker = 17;
    const pubsubMs = await waitFor(
      "a notification published through redis",
      async () => {
        // Toggle likes of the first member's post: each new like notifies its owner.
        await call(`${base}/api/posts/${target}/like`, {
          method: "POST",
          cookie: members[liker++ % 20]!.cookie,
        });
        return messages.length > 0;
      },
      10_000,
    );
    expect(JSON.parse(messages[0]!).c).toBe(`notifications:${members[0]!.id}`);

    await stopServer(server);
    const output = server.output();
    const lost = output.match(/unavailable: falling back to in-process/g) ?? [];
    // One line per connection (the command one and the subscriber), not one per reconnect attempt.
    expect(lost.length).toBeGreaterThanOrEqual(1);
    expect(lost.length).toBeLessThanOrEqual(2);
    expect(output).toMatch(/redis reconnected/);
    console.info("redis outage", {
      reconnectMs,
      pubsubMs,
      requestsWhileDown: answers.length + 1,
      lostLogLines: lost.length,
    });
  });
});

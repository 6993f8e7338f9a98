import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase, queryRows } from "../db/connect";
import { migrate } from "../db/migrate";
import {
  type Answer,
  type Cluster,
  call,
  counterMismatches,
  createCluster,
  createMembers,
  createPosts,
  freePort,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
  waitReady,
} from "../test/reliability/harness";

/**
 * Issue 13 §5: PostgreSQL goes away for ~10 s under a light steady load. Meanwhile `/api/ready`
 * answers 503, reads and writes answer 503 quickly (never hang, never 500), the process stays
 * up; when the database is back the app recovers by itself, and what it acknowledged is kept.
 * The cluster is a private one (initdb in a temporary directory): the shared server is not touched.
 */

const OUTAGE_MS = 10_000;
const FAST_MS = 3000;

interface Sample extends Answer {
  kind: string;
  startedAt: number;
}

let cluster: Cluster | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopServer(server, "SIGKILL");
  cluster?.destroy();
});

describe("PostgreSQL outage", () => {
  it("answers 503 fast while the database is down and recovers by itself", { timeout: 240_000 }, async () => {
    const dbPort = await freePort();
    cluster = createCluster(dbPort);
    cluster.start();
    const setup = await connectDatabase({ databaseUrl: cluster.url, poolSize: 1 });
    await migrate(setup);
    const members = await createMembers(setup, "reloutm", 60);
    const targets = await createPosts(setup, members[0]!.id, 20);
    await setup.close();

    server = startServer(await freePort(), { DATABASE_URL: cluster.url });
    await waitReady(server);
    const base = server.url;
    const pid = server.proc.pid;

    // A steady light load: a read, a post and a like about every 100 ms, each on its own member.
    const samples: Sample[] = [];
    const ackedPosts: { id: number; content: string }[] = [];
    const ackedLikes: { postId: number; userId: number }[] = [];
    let stop = false;
    let turn = 0;
    const load = (async () => {
      while (!stop) {
        const i = turn++;
        const member = members[i % members.length]!;
        const startedAt = Date.now();
        const kind = ["read", "post", "like"][i % 3]!;
        let res: Answer;
        if (kind === "read") {
          res = await call(`${base}/api/posts?limit=10`, { cookie: member.cookie });
        } else if (kind === "post") {
          const content = `rlb outage pst ${i} zxq`;
          res = await call(`${base}/api/posts`, { method: "POST", cookie: member.cookie, body: { content } });
          if (res.status === 201) ackedPosts.push({ id: (res.body as { id: number }).id, content });
        } else {
          const postId = targets[Math.floor(i / members.length) % targets.length]!;
          res = await call(`${base}/api/posts/${postId}/like`, { method: "POST", cookie: member.cookie });
          if (res.status === 200 && (res.body as { liked: boolean }).liked) {
            ackedLikes.push({ postId, userId: member.id });
          }
        }
        samples.push({ ...res, kind, startedAt });
        await sleep(100);
      }
    })();

    await sleep(1500);
    const stopping = Date.now();
    cluster.stop();
    const down = Date.now();

    // While it is down: readiness 503, liveness 200, every answer quick.
    const probes: Sample[] = [];
    while (Date.now() - down < OUTAGE_MS) {
      const startedAt = Date.now();
      probes.push({ ...(await call(`${base}/api/ready`, { timeoutMs: 10_000 })), kind: "ready", startedAt });
      const health = await call(`${base}/api/health`, { timeoutMs: 10_000 });
      expect(health.status).toBe(200);
      await sleep(500);
    }

    const starting = Date.now();
    cluster.start();
    let recoveredAt = 0;
    while (Date.now() - starting < 20_000) {
      if ((await call(`${base}/api/ready`, { timeoutMs: 5000 })).status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(200);
    }
    expect(recoveredAt, "ready again within 20 s of the database's return").toBeGreaterThan(0);
    const recovered = Date.now();
    await sleep(2000);
    stop = true;
    await load;

    // The same process served throughout.
    expect(server.proc.exitCode).toBeNull();
    expect(server.proc.pid).toBe(pid);

    expect(probes.length).toBeGreaterThan(5);
    for (const p of probes) {
      expect(p.status).toBe(503);
      expect(p.ms).toBeLessThan(FAST_MS);
    }

    const during = samples.filter((s) => s.startedAt >= down && s.startedAt + s.ms <= starting);
    const before = samples.filter((s) => s.startedAt + s.ms < stopping);
    const after = samples.filter((s) => s.startedAt >= recovered);
    expect(before.length).toBeGreaterThan(5);
    expect(during.length).toBeGreaterThan(20);
    expect(after.length).toBeGreaterThan(5);
    const summary = (list: Sample[]) => list.map((s) => `${s.kind}:${s.status}:${s.ms}ms`);
    expect(summary(before.filter((s) => s.status >= 300))).toEqual([]);
    expect(summary(during.filter((s) => s.status !== 503 || s.ms >= FAST_MS))).toEqual([]);
    expect(summary(after.filter((s) => s.status >= 300))).toEqual([]);
    // Transitions (the moment of the stop or of the start) may answer either way, but never 500.
    expect(summary(samples.filter((s) => s.status !== 503 && (s.status >= 300 || s.status === 0)))).toEqual(
      [],
    );
    const message = during.find((s) => s.kind === "post")?.body as { message?: string };
    expect(message?.message).toMatch(/temporarily unavailable/);

    // Everything acknowledged is in the database; counters agree with rows.
    const check = await connectDatabase({ databaseUrl: cluster.url, poolSize: 1 });
    try {
      const ids = new Set(
        (
          await queryRows<{ id: number }>(
            check.db,
            sql`SELECT id FROM posts WHERE content LIKE 'rlb outage %'`,
          )
        ).map((r) => r.id),
      );
      expect(ackedPosts.filter((p) => !ids.has(p.id))).toEqual([]);
      const likes = new Set(
        (
          await queryRows<{ k: string }>(check.db, sql`SELECT post_id || ':' || user_id AS k FROM post_likes`)
        ).map((r) => r.k),
      );
      expect(ackedLikes.filter((l) => !likes.has(`${l.postId}:${l.userId}`))).toEqual([]);
      expect(await counterMismatches(check)).toEqual([]);
    } finally {
      await check.close();
    }
    console.info("postgres outage", {
      samples: samples.length,
      during: during.length,
      slowestDuringMs: Math.max(...during.map((s) => s.ms)),
      slowestReadyMs: Math.max(...probes.map((s) => s.ms)),
      recoveryMs: recoveredAt - starting,
      stopMs: down - stopping,
      logLines: server.output().trim().split("\n").length,
    });
    await stopServer(server);
    expect(server.output()).toMatch(/database unavailable/);
  });
});

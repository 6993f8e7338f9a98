import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../db/connect";
import { migrate } from "../db/migrate";
import {
  burstAndKill,
  MEMBERS,
  planBurst,
  TARGET_POSTS,
  verify,
  worksAfterRestart,
} from "../test/reliability/burst";
import {
  counterMismatches,
  createMembers,
  createPosts,
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  waitReady,
} from "../test/reliability/harness";

/**
 * Issue 13 §4 on PostgreSQL: SIGKILL in the middle of a burst of 1,000 writes (posts, likes,
 * comments), restart on the same database (one of its own on the shared server, dropped after),
 * and check that every acknowledged write is there and the counters on `posts` equal their rows.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const SHARED_PG = process.env.RELIABILITY_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

describe("durability on PostgreSQL: SIGKILL in the middle of a burst of writes", () => {
  it("PostgreSQL keeps every acknowledged write and consistent counters", { timeout: 240_000 }, async () => {
    const run = `p${Date.now().toString(36)}`;
    const dbName = `agora_rel_durability_${run}`;
    const admin = new pg.Client({ connectionString: SHARED_PG });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(SHARED_PG);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();
    let server: ServerProcess | undefined;
    cleanups.push(async () => {
      if (server) await stopServer(server, "SIGKILL");
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    });

    const database = await connectDatabase({ databaseUrl, poolSize: 2 });
    cleanups.push(() => database.close());
    await migrate(database);
    const members = await createMembers(database, `rel${run}m`, MEMBERS);
    const targets = await createPosts(database, members[0]!.id, TARGET_POSTS);

    const port = await freePort();
    server = startServer(port, { DATABASE_URL: databaseUrl });
    await waitReady(server);
    const acked = await burstAndKill(server, planBurst(members, targets, run));

    server = startServer(port, { DATABASE_URL: databaseUrl });
    await waitReady(server);
    const figures = await verify(database, acked, run);
    await worksAfterRestart(server, members[1]!, targets[0]!);
    expect(await counterMismatches(database)).toEqual([]);
    console.info("durability on PostgreSQL", figures);
    await stopServer(server);
  });
});

import fs from "node:fs";
import path from "node:path";
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
  createMembers,
  createPosts,
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  tempDir,
  waitReady,
} from "../test/reliability/harness";

/**
 * Issue 13 §4 on PGlite: the same burst and SIGKILL as on PostgreSQL (burst.ts), on a temporary
 * DATA_DIR; the killed process leaves its lock file behind, and the restart must take it over.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe("durability on PGlite: SIGKILL in the middle of a burst of writes", () => {
  it("PGlite keeps every acknowledged write and restarts over the dead process's lock", {
    timeout: 240_000,
  }, async () => {
    const run = `g${Date.now().toString(36)}`;
    const dataDir = tempDir("agora-rel-durability-");
    const pgliteDir = path.join(dataDir, "db");
    let server: ServerProcess | undefined;
    cleanups.push(async () => {
      if (server) await stopServer(server, "SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    // Prepared in this process, then closed: PGlite allows one process per DATA_DIR.
    let database = await connectDatabase({ pgliteDir });
    await migrate(database);
    const members = await createMembers(database, `rel${run}m`, MEMBERS);
    const targets = await createPosts(database, members[0]!.id, TARGET_POSTS);
    await database.close();

    const port = await freePort();
    server = startServer(port, { DATA_DIR: dataDir });
    await waitReady(server);
    const acked = await burstAndKill(server, planBurst(members, targets, run));
    // The killed process could not remove its lock file: the next start must take it over.
    const lock = path.join(dataDir, "agora.lock");
    expect(fs.existsSync(lock)).toBe(true);

    server = startServer(port, { DATA_DIR: dataDir });
    await waitReady(server);
    expect(fs.readFileSync(lock, "utf8")).toContain(String(server.proc.pid));
    await worksAfterRestart(server, members[1]!, targets[0]!);
    await stopServer(server);
    expect(await server.exited).toBe(0);

    database = await connectDatabase({ pgliteDir });
    try {
      const figures = await verify(database, acked, run);
      console.info("durability on PGlite", figures);
    } finally {
      await database.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { PgBossManager } from "./jobs";

/**
 * pg-boss 10 calls `complete` and `fail` without awaiting them once a job's handler settles: a
 * database that refuses the call (the pool's connect timeout under load) must not leave an
 * unhandled rejection, which ends a Node process (it ended the server under the HTML bench).
 */
describe("pg-boss's unawaited completion calls", () => {
  it("a refused complete or fail leaves no unhandled rejection, and an awaiting caller still sees it", async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    try {
      const refused = new Error("timeout exceeded when trying to connect");
      const manager = Object.assign(Object.create(PgBossManager.prototype) as Record<string, unknown>, {
        db: { executeSql: () => Promise.reject(refused) },
        completeJobsCommand: "SELECT 1",
        failJobsByIdCommand: "SELECT 1",
      });
      const call = (name: string) =>
        (manager[name] as (...args: unknown[]) => Promise<unknown>).call(manager, "mail", "a1b2", {});
      // As pg-boss calls them: fired and forgotten.
      void call("complete");
      void call("fail");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      await expect(call("fail")).rejects.toBe(refused);
    } finally {
      process.off("unhandledRejection", listener);
    }
  });
});

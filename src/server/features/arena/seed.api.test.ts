import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp } from "../../test/harness";
import { arenaDemoSeed } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ demo: true });
});
afterAll(async () => t?.close());

it("a fresh start shows a meaningful board: every model ranked overall and by each generation", async () => {
  const overall = (await t.inject({ method: "GET", url: "/api/arena/board" })).json();
  expect(overall.computedAt).not.toBeNull();
  expect(overall.votes).toBeGreaterThan(1000);
  expect(overall.rows.length).toBeGreaterThanOrEqual(8);
  expect(overall.rows.every((r: { provisional: boolean }) => !r.provisional)).toBe(true);
  // Intervals separate the best from the worst.
  expect(overall.rows[0].lower).toBeGreaterThan(overall.rows.at(-1).upper);
  for (const g of ["genz", "millennial", "genx", "boomer"]) {
    const board = (await t.inject({ method: "GET", url: `/api/arena/board?view=generation&g=${g}` })).json();
    expect(board.rows.length, g).toBeGreaterThanOrEqual(8);
  }
  const agreement = (await t.inject({ method: "GET", url: "/api/arena/agreement" })).json();
  expect(agreement.pairs).toHaveLength(6);
  for (const p of agreement.pairs) expect(p.tau).not.toBeNull();
});

it("seeds and computes every board quickly, once", async () => {
  await t.exec("DELETE FROM arena_battles");
  const started = performance.now();
  await arenaDemoSeed.run(t.ctx);
  const ms = performance.now() - started;
  console.info(`arena demo seed with the recompute: ${Math.round(ms)} ms`);
  expect(ms).toBeLessThan(10_000);
  const votes = async () =>
    (await queryRows<{ n: number }>(t.ctx.db, sql`SELECT count(*)::int AS n FROM arena_votes`))[0]!.n;
  const before = await votes();
  expect(before).toBeGreaterThan(1000);
  await arenaDemoSeed.run(t.ctx);
  expect(await votes()).toBe(before);
});

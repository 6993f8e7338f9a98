import { describe, expect, it } from "vitest";
import { batched, intArray, wordArray } from "./batch";

/** A fake database handle: batchers are kept per handle (a WeakMap key). */
const handle = () => ({}) as never;

describe("batched reads", () => {
  it("answers the calls of one event-loop turn with one run, each its own result", async () => {
    const runs: number[][] = [];
    const db = handle();
    const double = (k: number) =>
      batched(db, "double", async (_db, keys: number[]) => {
        runs.push(keys);
        return keys.map((x) => x * 2);
      })(k);
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
    expect(await double(5)).toBe(10); // a later turn: a batch of its own
    expect(runs).toEqual([[1, 2, 3], [5]]);
  });

  it("splits a turn's calls into batches of at most maxBatch keys", async () => {
    const runs: number[][] = [];
    const db = handle();
    const echo = (k: number) =>
      batched(
        db,
        "echo",
        async (_db, keys: number[]) => {
          runs.push(keys);
          return keys;
        },
        2,
      )(k);
    expect(await Promise.all([1, 2, 3, 4, 5].map(echo))).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("fails every call of a batch whose statement failed, and the next batch runs", async () => {
    const db = handle();
    let fail = true;
    const get = (k: number) =>
      batched(db, "flaky", async (_db, keys: number[]) => {
        if (fail) throw new Error("connection lost");
        return keys;
      })(k);
    const results = await Promise.allSettled([get(1), get(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await get(3)).toBe(3);
  });

  it("keeps batches of different handles apart (a transaction never shares one)", async () => {
    const seen: string[] = [];
    const run = (label: string) => async (_db: unknown, keys: number[]) => {
      seen.push(`${label}:${keys.join(",")}`);
      return keys;
    };
    const [a, b] = [handle(), handle()];
    await Promise.all([batched(a, "x", run("a"))(1), batched(b, "x", run("b"))(2)]);
    expect(seen.sort()).toEqual(["a:1", "b:2"]);
  });

  it("writes integer arrays as PostgreSQL literals", () => {
    expect(intArray([1, 22, 333])).toBe("{1,22,333}");
    expect(intArray([])).toBe("{}");
  });

  it("writes plain words as PostgreSQL literals and refuses anything that would need quoting", () => {
    expect(wordArray(["post", "aB3-_x", "2026-11-24T08:52:49.000Z"])).toBe(
      "{post,aB3-_x,2026-11-24T08:52:49.000Z}",
    );
    for (const bad of ["a,b", 'a"b', "a b", "{x}", "a\\b", "NULL", ""])
      expect(() => wordArray([bad])).toThrow();
  });
});

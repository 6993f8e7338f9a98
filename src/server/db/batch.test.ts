import { describe, expect, it } from "vitest";
import { batched, batchedWrite, intArray, textArray, wordArray } from "./batch";

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
    expect(intArray([4, null, 5])).toBe("{4,NULL,5}");
  });

  it("writes any texts as quoted PostgreSQL literals", () => {
    expect(textArray(['say "hi", {x}', "back\\slash", null, "NULL", ""])).toBe(
      '{"say \\"hi\\", {x}","back\\\\slash",NULL,"NULL",""}',
    );
  });

  it("writes plain words as PostgreSQL literals and refuses anything that would need quoting", () => {
    expect(wordArray(["post", "aB3-_x", "2026-11-24T08:52:49.000Z"])).toBe(
      "{post,aB3-_x,2026-11-24T08:52:49.000Z}",
    );
    for (const bad of ["a,b", 'a"b', "a b", "{x}", "a\\b", "NULL", ""])
      expect(() => wordArray([bad])).toThrow();
  });
});

describe("batched writes", () => {
  const deferred = () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    return { gate, release };
  };

  it("runs one batch at a time: calls made while one runs go together in the next", async () => {
    const runs: number[][] = [];
    const first = deferred();
    const db = handle();
    const write = (k: number) =>
      batchedWrite(
        db,
        "w",
        async (_db, keys: number[]) => {
          runs.push(keys);
          if (runs.length === 1) await first.gate;
          return keys.map((x) => x * 10);
        },
        String,
      )(k);
    const a = [write(1), write(2)];
    await new Promise((r) => setImmediate(r));
    const b = [write(3), write(4), write(5)]; // the first batch is still running
    await new Promise((r) => setTimeout(r, 5));
    expect(runs).toEqual([[1, 2]]);
    first.release();
    expect(await Promise.all([...a, ...b])).toEqual([10, 20, 30, 40, 50]);
    expect(runs).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it("never puts two calls with the same key in one batch, and keeps their order", async () => {
    const runs: string[][] = [];
    const db = handle();
    const write = (k: string) =>
      batchedWrite(
        db,
        "w",
        async (_db, keys: string[]) => {
          runs.push(keys);
          return keys;
        },
        (k) => k.split("#")[0] as string,
      )(k);
    await Promise.all(["a#1", "b#1", "a#2", "a#3", "c#1"].map(write));
    expect(runs).toEqual([["a#1", "b#1", "c#1"], ["a#2"], ["a#3"]]);
  });

  it("runs a failed batch again one call at a time: each call gets its own answer or error", async () => {
    const runs: number[][] = [];
    const db = handle();
    const write = (k: number) =>
      batchedWrite(
        db,
        "w",
        async (_db, keys: number[]) => {
          runs.push(keys);
          if (keys.includes(2)) throw new Error("constraint failed on 2");
          return keys;
        },
        String,
      )(k);
    const results = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("constraint failed on 2");
    expect(runs).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(await write(4)).toBe(4); // and the batcher goes on
  });

  it("splits a long queue into batches of at most maxBatch", async () => {
    const runs: number[][] = [];
    const db = handle();
    const write = (k: number) =>
      batchedWrite(
        db,
        "w",
        async (_db, keys: number[]) => {
          runs.push(keys);
          return keys;
        },
        String,
        2,
      )(k);
    expect(await Promise.all([1, 2, 3, 4, 5].map(write))).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });
});

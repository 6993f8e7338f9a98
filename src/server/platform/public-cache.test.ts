import v8 from "node:v8";
import vm from "node:vm";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { ownBytes, ownGzip } from "./compression";
import { BoundedLru, NamedLru, publicCacheKey } from "./public-cache";

const item = (bytes: number) => ({ bytes });

/**
 * Replaces and moves 100 entries 200 times; returns a weak reference to each value replaced. Its
 * own function so that nothing of its frame (the last value replaced, in a register of an
 * optimised loop) is still on the stack when the caller collects garbage.
 */
function churn(lru: BoundedLru<{ bytes: number; rows: number[] }>): WeakRef<object>[] {
  const dropped: WeakRef<object>[] = [];
  for (let round = 0; round < 200; round++) {
    for (let i = 0; i < 100; i++) {
      const key = `page-${i}`;
      const old = lru.get(key);
      if (old) dropped.push(new WeakRef(old));
      lru.set(key, { bytes: 1, rows: new Array(100).fill(round) });
    }
    lru.get("page-0");
  }
  return dropped;
}

describe("BoundedLru", () => {
  it("evicts the least recently used entry beyond its entry bound", () => {
    const lru = new BoundedLru<{ bytes: number }>(2, 1_000);
    lru.set("a", item(1));
    lru.set("b", item(1));
    lru.get("a");
    lru.set("c", item(1));
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.get("c")).toBeDefined();
    expect(lru.size).toBe(2);
  });

  it("keeps an entry read since it was stored, among more entries than a read moves", () => {
    const lru = new BoundedLru<{ bytes: number }>(8, 1_000);
    for (let i = 0; i < 8; i++) lru.set(`k${i}`, item(1));
    lru.get("k0");
    lru.get("k7"); // among the newest quarter: not moved, still evicted after the others
    lru.set("k8", item(1));
    lru.set("k9", item(1));
    expect(lru.get("k1")).toBeUndefined();
    expect(lru.get("k2")).toBeUndefined();
    expect(lru.get("k0")).toBeDefined();
    expect(lru.get("k7")).toBeDefined();
    expect(lru.size).toBe(8);
  });

  it("evicts beyond its byte bound and refuses an entry larger than the bound", () => {
    const lru = new BoundedLru<{ bytes: number }>(100, 10);
    lru.set("a", item(4));
    lru.set("b", item(4));
    lru.set("c", item(4));
    expect(lru.size).toBe(2);
    expect(lru.bytes).toBe(8);
    expect(lru.get("a")).toBeUndefined();
    lru.set("big", item(11));
    expect(lru.get("big")).toBeUndefined();
    lru.set("b", item(2));
    expect(lru.bytes).toBe(6);
    lru.clear();
    expect(lru.bytes).toBe(0);
  });
});

describe("BoundedLru under churn", () => {
  it("evicts exactly what a plain least-recently-used list would, through reads, replacements, deletions and clears", () => {
    // The reference: keys in recency order (oldest first) with the same rule for reads (a read
    // moves a key unless it is among the newest quarter), evicting from the front.
    const lru = new BoundedLru<{ bytes: number }>(64, 1_000_000);
    let order: string[] = [];
    const stamps = new Map<string, number>();
    let tick = 0;
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let step = 0; step < 20_000; step++) {
      const key = `k${Math.floor(random() * 200)}`;
      const roll = random();
      if (roll < 0.5) {
        order = order.filter((k) => k !== key);
        order.push(key);
        stamps.set(key, ++tick);
        while (order.length > 64) stamps.delete(order.shift()!);
        lru.set(key, item(1));
      } else if (roll < 0.9) {
        const known = stamps.get(key);
        expect(lru.get(key) !== undefined, `step ${step} ${key}`).toBe(known !== undefined);
        if (known !== undefined && tick - known >= Math.max(1, order.length >> 2)) {
          order = order.filter((k) => k !== key);
          order.push(key);
          stamps.set(key, ++tick);
        }
      } else if (roll < 0.999) {
        order = order.filter((k) => k !== key);
        stamps.delete(key);
        lru.delete(key);
      } else {
        order = [];
        stamps.clear();
        lru.clear();
      }
      expect(lru.size).toBe(order.length);
    }
  });

  it("lets go of the values it dropped, however long it goes without evicting", async () => {
    // A cache below its bounds whose entries are replaced and moved (the shared rows between two
    // writes): V8 outgrows and compacts the map's table many times, and nothing may keep the
    // old tables' values alive (a kept map iterator did: 134 MB after a minute of the signed-in mix).
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const lru = new BoundedLru<{ bytes: number; rows: number[] }>(500, 1_000_000);
    const dropped = churn(lru);
    expect(lru.size).toBe(100);
    await new Promise((resolve) => setTimeout(resolve, 0)); // WeakRefs hold their targets for one turn
    gc();
    const alive = dropped.filter((ref) => ref.deref() !== undefined).length;
    expect(alive, `${alive} of ${dropped.length} dropped values still reachable`).toBe(0);
  });
});

describe("NamedLru", () => {
  const named = (...entities: string[]) => ({ bytes: 1, entities });

  it("drops what names a dropped entity, keeps the rest, and keeps what was stored after the drop", () => {
    const lru = new NamedLru<{ bytes: number; entities: string[] | null }>(100, 1_000);
    lru.set("a", named("post:1", "member:1"));
    lru.set("b", named("post:2"));
    lru.set("list", { bytes: 1, entities: null });
    lru.dropNaming(["post:1"]);
    expect(lru.get("a")).toBeUndefined();
    expect(lru.get("b")).toBeDefined();
    expect(lru.get("list")).toBeDefined();
    lru.set("a", named("post:1")); // computed after the drop
    expect(lru.get("a")).toBeDefined();
    lru.dropNaming(["member:9", "post:1"]);
    expect(lru.get("a")).toBeUndefined();
  });

  it("answers exactly as an index of answers by entity would, through stores, drops, deletions and clears", () => {
    const lru = new NamedLru<{ bytes: number; entities: string[] }>(40, 1_000_000, 30);
    const reference = new Map<string, string[]>(); // never evicts: the bound is asserted apart
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    const entities = () => Array.from({ length: 1 + random(4) }, () => `e${random(60)}`);
    let misses = 0;
    for (let step = 0; step < 20_000; step++) {
      const key = `k${random(30)}`;
      const roll = random(1000);
      if (roll < 400) {
        const value = named(...entities());
        lru.set(key, value);
        reference.set(key, value.entities);
      } else if (roll < 700) {
        const got = lru.get(key);
        const known = reference.get(key);
        // Never a stale answer; a miss on a kept one only once dropped entities were forgotten.
        if (known === undefined) expect(got, `step ${step} ${key}`).toBeUndefined();
        else if (got === undefined) {
          misses += 1;
          reference.delete(key);
        } else expect(got.entities).toEqual(known);
      } else if (roll < 990) {
        const touched = entities();
        lru.dropNaming(touched);
        for (const [k, names] of reference) if (names.some((e) => touched.includes(e))) reference.delete(k);
      } else if (roll < 998) {
        lru.delete(key);
        reference.delete(key);
      } else {
        lru.clear();
        reference.clear();
      }
    }
    expect(misses).toBeGreaterThan(0); // 60 entities over a memory of 30: some kept answers were given up
    expect(misses).toBeLessThan(2_000);
  });

  it("keeps its memory of drops bounded when the same entities are dropped again and again", () => {
    const lru = new NamedLru<{ bytes: number; entities: string[] }>(100, 1_000, 50);
    lru.set("search", named("search"));
    for (let i = 0; i < 100_000; i++) lru.dropNaming(["search", `user:${i % 80}`]);
    const queue = (lru as unknown as { queue: unknown[]; head: number }).queue;
    // 50 entities remembered; their drop records, not one per drop.
    expect(queue.length).toBeLessThan(400);
    expect(lru.get("search")).toBeUndefined();
    lru.set("search", named("search"));
    expect(lru.get("search")).toBeDefined();
  });

  it("counts every answer kept before a forgotten drop as stale", () => {
    const lru = new NamedLru<{ bytes: number; entities: string[] }>(100, 1_000, 2);
    lru.set("old", named("post:1"));
    lru.dropNaming(["post:7"]);
    lru.dropNaming(["post:8"]);
    expect(lru.get("old")).toBeDefined();
    lru.set("newer", named("post:1"));
    lru.dropNaming(["post:9"]); // post:7 forgotten: what was kept before its drop may name it
    expect(lru.get("old")).toBeUndefined();
    expect(lru.get("newer")).toBeDefined();
  });
});

describe("publicCacheKey", () => {
  it("sorts parameters by name and keeps the values of a repeated name in order", () => {
    expect(publicCacheKey("/api/posts?tag=x&limit=3")).toBe(publicCacheKey("/api/posts?limit=3&tag=x"));
    expect(publicCacheKey("/api/x?a=2&a=1")).not.toBe(publicCacheKey("/api/x?a=1&a=2"));
    expect(publicCacheKey("/api/stats?")).toBe("/api/stats");
    expect(publicCacheKey(`/api/x?q=${"a".repeat(2000)}`)).toBeNull();
  });
});

describe("ownBytes", () => {
  it("keeps a small answer's bytes in memory of their own, not in a slab of the shared pool", () => {
    for (const text of ['{"id":1}', "é".repeat(1_500), "x".repeat(10_000)]) {
      const bytes = ownBytes(text);
      expect(bytes.toString("utf8")).toBe(text);
      expect(bytes.length).toBe(Buffer.byteLength(text));
      // The whole backing store is the answer: keeping it keeps nothing else alive.
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
    // What it replaces: a small Buffer.from shares an 8 KB slab.
    expect(Buffer.from('{"id":1}').buffer.byteLength).toBeGreaterThan(1_000);
  });

  it("keeps a gzipped answer in memory of its own, not in zlib's 16 KB output buffer", () => {
    const text = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id, content: "a post" })));
    const gzip = ownGzip(text);
    expect(zlib.gunzipSync(gzip).toString("utf8")).toBe(text);
    expect(gzip.buffer.byteLength).toBe(gzip.length);
    expect(gzip.length).toBeLessThan(text.length / 2);
    // What it replaces: zlib's answer is a slice of a larger buffer.
    expect(zlib.gzipSync(text).buffer.byteLength).toBeGreaterThan(zlib.gzipSync(text).length);
  });
});

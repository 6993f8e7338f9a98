import { describe, expect, it } from "vitest";
import type { AppContext } from "./context";
import { memberCache } from "./member-cache";
import { SESSION_CACHE_MAX } from "./session";

const ctxAt = (ms: number) => ({ now: () => new Date(ms) }) as unknown as AppContext;

describe("memberCache", () => {
  it("keeps as many members as the sessions kept: members asking in turn are read once each", async () => {
    const reads = new Map<number, number>();
    const cache = memberCache(
      async (_ctx, id: number) => {
        reads.set(id, (reads.get(id) ?? 0) + 1);
        return id;
      },
      { ttlMs: 60_000 },
    );
    const ctx = ctxAt(1_000);
    // 12,000 members in turn (bench:api's writers), twice: the second round reads nothing (at a
    // bound of 10,000 the map started over before any came back).
    const members = 12_000;
    expect(SESSION_CACHE_MAX).toBeGreaterThanOrEqual(members);
    for (let round = 0; round < 2; round++) {
      for (let id = 1; id <= members; id++) expect(await cache.get(ctx, id)).toBe(id);
    }
    expect([...reads.values()].every((n) => n === 1)).toBe(true);
    expect(reads.size).toBe(members);
  });

  it("reads a member again once the value is older than its time to live, and after forget", async () => {
    let reads = 0;
    const cache = memberCache(
      async () => {
        reads += 1;
        return reads;
      },
      { ttlMs: 1_000 },
    );
    let now = 0;
    const ctx = { now: () => new Date(now) } as unknown as AppContext;
    expect(await cache.get(ctx, 7)).toBe(1);
    expect(await cache.get(ctx, 7)).toBe(1);
    cache.forget(ctx, [7]);
    expect(await cache.get(ctx, 7)).toBe(2);
    now = 999;
    expect(await cache.get(ctx, 7)).toBe(2);
    now = 1_000;
    expect(await cache.get(ctx, 7)).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import { createUnreadCache, MAX_ENTRIES } from "./unread-cache";

describe("createUnreadCache", () => {
  it("holds MAX_ENTRIES members; the least recently read goes first", async () => {
    const cache = createUnreadCache(() => 0);
    const loads: number[] = [];
    const load = (id: number) => async () => {
      loads.push(id);
      return id % 7;
    };
    for (let id = 1; id <= MAX_ENTRIES; id++) await cache.get(id, load(id));
    // Member 1 read again (moved to the newest end), then one member more than the bound.
    for (let id = 2; id <= MAX_ENTRIES / 2; id++) await cache.get(id, load(id));
    await cache.get(1, load(1));
    expect(loads.length).toBe(MAX_ENTRIES);
    await cache.get(MAX_ENTRIES + 1, load(MAX_ENTRIES + 1));
    expect(cache.size).toBe(MAX_ENTRIES);
    loads.length = 0;
    expect(await cache.get(1, load(1))).toBe(1);
    expect(await cache.get(MAX_ENTRIES, load(MAX_ENTRIES))).toBe(MAX_ENTRIES % 7);
    expect(loads).toEqual([]);
    // Gone: the oldest not read since it was kept.
    await cache.get(MAX_ENTRIES / 2 + 1, load(MAX_ENTRIES / 2 + 1));
    expect(loads).toEqual([MAX_ENTRIES / 2 + 1]);
  });
});

/** A member's kept likes as PostgreSQL writes them (`string_agg` of the ids, ascending): decision 0150. */
import { describe, expect, it } from "vitest";
import { idsOf, MAX_KEPT_LIKES } from "./liked";

describe("idsOf", () => {
  it("reads one id and many, in their order", () => {
    expect([...(idsOf("7") ?? [])]).toEqual([7]);
    expect([...(idsOf("3,17,42,1000000,2147483647") ?? [])]).toEqual([3, 17, 42, 1_000_000, 2_147_483_647]);
  });

  it("keeps up to MAX_KEPT_LIKES ids and none past them (the member's likes are then looked up)", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(",");
    expect(idsOf(ids(MAX_KEPT_LIKES))).toHaveLength(MAX_KEPT_LIKES);
    expect(idsOf(ids(MAX_KEPT_LIKES + 1))).toBeNull();
  });
});

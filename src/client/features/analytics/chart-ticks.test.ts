import { describe, expect, it } from "vitest";
import { niceTicks } from "./AnalyticsCharts";

describe("niceTicks", () => {
  it("gives whole-number steps from 0 that reach the largest value", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(42)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    for (const max of [1, 7, 19, 250, 1234]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.every((t) => Number.isInteger(t))).toBe(true);
    }
  });
});

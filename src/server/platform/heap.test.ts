import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from "./heap";

describe("heap growth bound", () => {
  it("sets V8's heap growing factor when the operator did not choose one", () => {
    expect(heapGrowthFlag([], undefined)).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(["--enable-source-maps"], "--max-old-space-size=512")).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
  });

  it("leaves an operator's own choice alone (command line or NODE_OPTIONS, either spelling)", () => {
    expect(heapGrowthFlag(["--heap-growing-percent=300"], undefined)).toBeNull();
    expect(heapGrowthFlag([], "--max-old-space-size=512 --heap_growing_percent=20")).toBeNull();
    expect(heapGrowthFlag([], "--heap-growing-percent")).toBeNull();
    // A different flag that merely starts alike is not a choice of this one.
    expect(heapGrowthFlag([], "--heap-growing-percentage-typo=1")).not.toBeNull();
  });
});

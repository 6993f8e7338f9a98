import v8 from "node:v8";

/**
 * How much V8 lets the old generation grow past what survived its last full collection before
 * it collects again, in percent: 100 = twice the live heap. V8's own factor goes up to 4× for
 * a small heap under a high allocation rate, so a server whose live heap is 65–90 MB reached
 * 320–350 MB RSS under the load benchmark (garbage waiting for a collection V8 saw no reason
 * to start); at 2× it stays near 220 MB with the same throughput (docs/performance.md).
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The V8 flag to set, or null when the operator already chose one (`node --heap-growing-percent=…`
 * or NODE_OPTIONS): their choice wins.
 */
export function heapGrowthFlag(execArgv: readonly string[], nodeOptions: string | undefined): string | null {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].some((arg) =>
    /^--heap[-_]growing[-_]percent(=|$)/.test(arg),
  );
  return given ? null : `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/** Called first thing by the production entry (main.ts). The flag is read at every full GC. */
export function boundHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv, process.env.NODE_OPTIONS);
  if (flag) v8.setFlagsFromString(flag);
}

/**
 * Inputs of about 100 KB built to make a Markdown parser backtrack or nest without end (emphasis
 * runs, unclosed links, deep quotes and lists, backtick runs, wide tables, entities, mentions):
 * the stored-XSS test checks that each renders, and bench/markdown.ts times them against the
 * issue's 100 ms target (issue 21 item 1).
 */
export const PATHOLOGICAL_INPUTS: readonly string[] = [
  "*a **a ".repeat(14_000),
  "_*".repeat(50_000),
  "[".repeat(50_000) + "](".repeat(25_000),
  `${"> ".repeat(20_000)}${"- ".repeat(25_000)}x`,
  "`".repeat(100_000),
  `${"| a ".repeat(2_000)}|\n${"|---".repeat(2_000)}|\n`.repeat(6),
  "&#106;".repeat(16_000),
  "@mention #tag ".repeat(7_200),
];

/** The processor time of `render(input)`, best of `runs` (wall time on a shared machine measures the neighbours). */
export function bestCpuMs(render: () => unknown, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const started = process.cpuUsage();
    render();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

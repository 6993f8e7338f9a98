/**
 * The seed steps of one app instance (`ctx.seeds`): each feature's plugin adds its own while it
 * registers; `runSeed` (./index.ts) runs them. Generic over the context the steps are given, so
 * this file needs nothing from the platform (the context's type names it).
 */
export interface SeedStepOf<Ctx> {
  name: string;
  /** Steps run by `order`: reference data first (< 100), then demo members (100), then demo activity. */
  order: number;
  /** Demo data: run only when SEED_DEMO is on. */
  demo: boolean;
  run(ctx: Ctx): Promise<void>;
}

export interface SeedRegistry<Ctx> {
  /** Adds a step; a second step of the same name is ignored. */
  add(step: SeedStepOf<Ctx>): void;
  /** The steps in the order they run. */
  steps(): SeedStepOf<Ctx>[];
}

export function createSeedRegistry<Ctx>(): SeedRegistry<Ctx> {
  const steps: SeedStepOf<Ctx>[] = [];
  return {
    add(step) {
      if (!steps.some((s) => s.name === step.name)) steps.push(step);
    },
    steps: () => [...steps].sort((a, b) => a.order - b.order),
  };
}

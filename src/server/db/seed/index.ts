import type { AppContext } from "../../platform/context";

/**
 * The idempotent seed: reference data always (catalog, plans, forums, flags…), demo members and
 * their activity only when SEED_DEMO is on. Features register their step; steps run in the order
 * of `order` (reference data first, then demo members, then demo activity).
 */
export interface SeedStep {
  name: string;
  order: number;
  demo: boolean;
  run(ctx: AppContext): Promise<void>;
}

const steps: SeedStep[] = [];

export function registerSeed(step: SeedStep): void {
  if (!steps.some((s) => s.name === step.name)) steps.push(step);
}

export async function runSeed(ctx: AppContext, { demo }: { demo: boolean }): Promise<string[]> {
  const ran: string[] = [];
  for (const step of [...steps].sort((a, b) => a.order - b.order)) {
    if (step.demo && !demo) continue;
    await step.run(ctx);
    ran.push(step.name);
  }
  return ran;
}

import type { AppContext } from "../../platform/context";
import type { SeedStepOf } from "./registry";

/**
 * The idempotent seed: reference data always (catalog, plans, forums, flags…), demo members and
 * their activity only when SEED_DEMO is on. Each feature's plugin declares its steps on the
 * app's registry (`ctx.seeds.add`); they run in the order of `order` (reference data first, then
 * demo members, then demo activity).
 */
export type SeedStep = SeedStepOf<AppContext>;

export async function runSeed(ctx: AppContext, { demo }: { demo: boolean }): Promise<string[]> {
  const ran: string[] = [];
  for (const step of ctx.seeds.steps()) {
    if (step.demo && !demo) continue;
    await step.run(ctx);
    ran.push(step.name);
  }
  return ran;
}

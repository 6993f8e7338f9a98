import {
  PLAN_DISPLAY_NAMES,
  PLAN_NAMES,
  PLAN_ORDER,
  type PlanName,
  planFeatures,
} from "../../../common/plans";
import type { SeedStep } from "../../db/seed";
import { upsertPlan } from "./queries";

/**
 * The four plans of SPEC §9, monthly, in US cents (the spec leaves prices to the plans call;
 * chosen in docs/decisions/0017-plans-entitlements-and-the-launch-offer.md). Upserted by name at every start, so a change here applies.
 */
export const PLAN_PRICES_CENTS: Record<PlanName, number> = { free: 0, basic: 499, pro: 999, premium: 1999 };

export const PLAN_DESCRIPTIONS: Record<PlanName, string> = {
  free: "Join the conversation: share experiences, rate models and explore prompts.",
  basic: "For regular contributors who post more and want to see how their posts do.",
  pro: "Unlimited posting, advanced analytics and your own accent color.",
  premium: "Everything in Pro with dedicated support from the AI Agora team.",
};

const plansSeed: SeedStep = {
  name: "plans",
  order: 15,
  demo: false,
  async run(ctx) {
    for (const name of PLAN_NAMES) {
      await upsertPlan(ctx.db, {
        name,
        displayName: PLAN_DISPLAY_NAMES[name],
        description: PLAN_DESCRIPTIONS[name],
        price: PLAN_PRICES_CENTS[name],
        currency: "usd",
        interval: "month",
        features: planFeatures(name),
        sortOrder: PLAN_ORDER[name],
      });
    }
  },
};

/** This feature's seed steps, declared on the app's registry by its plugin (index.ts). */
export const seedSteps: readonly SeedStep[] = [plansSeed];

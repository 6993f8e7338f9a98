import { DEFAULT_FEATURE_FLAGS } from "../../../common/feature-flags";
import type { SeedStep } from "../../db/seed";
import { insertMissingFlags } from "./queries";

/** The twelve flags of SPEC §9, inserted once each; admins' later edits are never overwritten. */
const featureFlagsSeed: SeedStep = {
  name: "feature-flags",
  order: 40,
  demo: false,
  run: (ctx) => insertMissingFlags(ctx.db, DEFAULT_FEATURE_FLAGS),
};

/** This feature's seed steps, declared on the app's registry by its plugin (index.ts). */
export const seedSteps: readonly SeedStep[] = [featureFlagsSeed];

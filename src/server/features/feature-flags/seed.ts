import { DEFAULT_FEATURE_FLAGS } from "../../../common/feature-flags";
import { registerSeed } from "../../db/seed";
import { insertMissingFlags } from "./queries";

/** The twelve flags of SPEC §9, inserted once each; admins' later edits are never overwritten. */
registerSeed({
  name: "feature-flags",
  order: 40,
  demo: false,
  run: (ctx) => insertMissingFlags(ctx.db, DEFAULT_FEATURE_FLAGS),
});

import type { FastifyPluginAsync } from "fastify";
import { COLLECTIONS } from "../../platform/public-cache";
import { announceChange } from "../../platform/write-sync";
import { RECOMPUTE_JOB, RECOMPUTE_NOW_JOB, recomputeBoards } from "./recompute";
import { arenaRoutes } from "./routes";
import { arenaDemoSeed } from "./seed";

/**
 * The Arena (issue 22): battles, blind votes and the Bradley–Terry boards. The boards are
 * recomputed every ARENA_RECOMPUTE_SECONDS (one instance per period, and a lease so no two
 * run at once) and right after an administrator removes a battle.
 */
export const arenaFeature: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  await app.register(arenaRoutes);
  // The Arena's public answers, and the directory (it sorts by a model's Arena rating), are
  // named answers kept until this says they changed (decision 0126).
  const run = async () => {
    if (await recomputeBoards(ctx)) await announceChange(ctx, [COLLECTIONS.arena, COLLECTIONS.models]);
  };
  ctx.jobs.every(RECOMPUTE_JOB, ctx.config.arenaRecomputeSeconds, run);
  ctx.jobs.define(RECOMPUTE_NOW_JOB, run, { retryLimit: 1 });
  ctx.seeds.add(arenaDemoSeed);
};

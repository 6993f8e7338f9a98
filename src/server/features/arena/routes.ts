import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/arena";
import { ARENA_MESSAGES } from "../../../common/arena";
import { serve } from "../../platform/contract";
import { COLLECTIONS, namedAnswers } from "../../platform/public-cache";
import { requireAdmin, requireUser } from "../../platform/session";
import { createArenaService } from "./service";

/**
 * What visitors read is what the last recompute stored (and the catalog's names and slugs): kept
 * until the recompute announces `arena` (and `models`), or a write names the catalog or nothing
 * (decision 0126). Votes change nothing public until the next recompute.
 */
const PUBLIC_CACHE = namedAnswers(() => [COLLECTIONS.arena, COLLECTIONS.models]);

/** The Arena (src/common/api/arena.ts; issue 22). */
export const arenaRoutes: FastifyPluginAsync = async (app) => {
  const arena = createArenaService(app.ctx);

  serve(app, api.arenaModels, PUBLIC_CACHE, async () => arena.models());
  serve(app, api.createBattle, { config: { membersUnchanged: true } }, async (request) =>
    arena.create(requireUser(request, ARENA_MESSAGES.loginToSubmit), request.body),
  );
  serve(app, api.myBattles, {}, async (request) => arena.mine(requireUser(request)));
  serve(app, api.deleteBattle, { config: { membersUnchanged: true } }, async (request) => ({
    message: await arena.remove(requireUser(request), request.params.id),
  }));
  serve(app, api.nextBattle, {}, async (request) =>
    arena.next(requireUser(request, ARENA_MESSAGES.loginToVote), request.query.battle),
  );
  serve(app, api.voteBattle, { config: { membersUnchanged: true } }, async (request) =>
    arena.vote(requireUser(request, ARENA_MESSAGES.loginToVote), request.params.id, request.body.choice),
  );
  serve(app, api.arenaBoard, PUBLIC_CACHE, async (request) => arena.board(request.query));
  serve(app, api.arenaWinRates, PUBLIC_CACHE, async (request) => arena.winRates(request.query));
  serve(app, api.modelStanding, PUBLIC_CACHE, async (request) => arena.standing(request.params.slug));
  serve(app, api.headToHead, PUBLIC_CACHE, async (request) => arena.headToHead(request.query.ids));
  serve(app, api.arenaAgreement, PUBLIC_CACHE, async () => arena.agreement());
  serve(app, api.arenaAnomalies, {}, async (request) => {
    requireAdmin(request);
    return arena.anomalies();
  });
};

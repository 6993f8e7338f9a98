import type { FastifyPluginAsync } from "fastify";
import { MODEL_MESSAGES } from "../../../common/ai-models";
import * as api from "../../../common/api/saved";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createSavedService } from "./service";

/** The member's saved items (src/common/api/saved.ts): bookmarked models now; saved posts can join here. */
export const savedRoutes: FastifyPluginAsync = async (app) => {
  const saved = createSavedService(app.ctx);
  serve(app, api.listSaved, {}, async (request) =>
    saved.list(requireUser(request, MODEL_MESSAGES.loginToSaved), request.query),
  );
};

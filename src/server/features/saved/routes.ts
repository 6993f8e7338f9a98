import type { FastifyPluginAsync } from "fastify";
import { MODEL_MESSAGES } from "../../../common/ai-models";
import * as api from "../../../common/api/saved";
import { SAVED_MESSAGES } from "../../../common/saved";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createSavedService } from "./service";

/** The member's saved items (src/common/api/saved.ts): models, posts, threads and prompts. */
export const savedRoutes: FastifyPluginAsync = async (app) => {
  const saved = createSavedService(app.ctx);
  serve(app, api.listSaved, {}, async (request) =>
    saved.list(requireUser(request, MODEL_MESSAGES.loginToSaved), request.query),
  );
  serve(app, api.listSavedItems, {}, async (request) =>
    saved.listItems(requireUser(request, MODEL_MESSAGES.loginToSaved), request.params.kind, request.query),
  );
  serve(app, api.savedWhich, {}, async (request) =>
    saved.which(
      requireUser(request, MODEL_MESSAGES.loginToSaved),
      request.params.kind,
      request.query.ids
        .split(",")
        .map(Number)
        .filter((n) => n > 0 && n <= 2_147_483_647),
    ),
  );
  serve(app, api.saveItem, {}, async (request) =>
    saved.set(
      requireUser(request, SAVED_MESSAGES.loginToSave),
      request.params.kind,
      request.params.id,
      request.body.saved,
    ),
  );
};

import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/prompts";
import { serve } from "../../platform/contract";
import { promptEntity } from "../../platform/entities";
import { COLLECTIONS, namedAnswers } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createPromptService } from "./service";

/**
 * The prompt library (src/common/api/prompts.ts; SPEC §2.8, §7) with likes, copies and per-model
 * "worked on" votes built for real.
 */
export const promptRoutes: FastifyPluginAsync = async (app) => {
  const prompts = createPromptService(app.ctx);

  // Visitors' answers named by the library and the prompt (decision 0125): every write of this
  // feature names nothing, so any of them empties them, and no other feature's write changes them.
  serve(
    app,
    api.listPrompts,
    namedAnswers(() => [COLLECTIONS.prompts]),
    async (request) => prompts.list(request.user, request.query),
  );
  serve(app, api.createPrompt, {}, async (request) =>
    prompts.create(requireUser(request, "Please log in to share prompts"), request.body),
  );
  const thePrompt = namedAnswers((request) => [promptEntity((request.params as { id: number }).id)]);
  serve(app, api.getPrompt, thePrompt, async (request) => prompts.get(request.user, request.params.id));
  serve(app, api.updatePrompt, {}, async (request) =>
    prompts.update(requireUser(request), request.params.id, request.body),
  );
  serve(app, api.deletePrompt, {}, async (request) => {
    await prompts.remove(requireUser(request), request.params.id);
    return { message: "Prompt deleted" };
  });
  serve(app, api.likePrompt, {}, async (request) =>
    prompts.toggleLike(requireUser(request, "Please log in to like prompts"), request.params.id),
  );
  serve(app, api.downloadPrompt, {}, async (request) =>
    prompts.recordDownload(requireUser(request), request.params.id),
  );
  serve(app, api.votePromptModel, {}, async (request) =>
    prompts.voteModel(requireUser(request, "Please log in to vote"), request.params.id, request.body),
  );
};

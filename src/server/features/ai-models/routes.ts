import type { FastifyPluginAsync } from "fastify";
import { MODEL_MESSAGES } from "../../../common/ai-models";
import * as api from "../../../common/api/ai-models";
import { serve } from "../../platform/contract";
import { COLLECTIONS, namedAnswers } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createAiModelService, visitorKey } from "./service";

/**
 * Every public answer of the catalog names the collection (decision 0125): only writes naming it
 * (a rating post, a post's deletion) or naming nothing (every write of this feature) change it.
 */
const CATALOG = namedAnswers(() => [COLLECTIONS.models]);

/**
 * The AI model directory (src/common/api/ai-models.ts; SPEC §2.10–§2.12, §7). Reads are public;
 * every write needs a session.
 */
export const aiModelRoutes: FastifyPluginAsync = async (app) => {
  const models = createAiModelService(app.ctx);

  serve(app, api.listModels, CATALOG, async (request) => models.list(request.query));
  // Static path: registered before `/:slug`, and find-my-way prefers it anyway.
  serve(app, api.compareModels, CATALOG, async (request) => models.compare(request.query.models));
  // Signed-out answers come from the public cache; a cached answer still counts the view (held,
  // as a post's: decision 0128).
  serve(
    app,
    api.getModel,
    namedAnswers(() => [COLLECTIONS.models], {
      onHit: async (request) => {
        await models.recordCachedView((request.params as { slug: string }).slug, visitorKey(request));
        return false;
      },
    }),
    async (request) => models.detail(request.params.slug, request.user, visitorKey(request)),
  );
  serve(app, api.listModelComments, CATALOG, async (request) =>
    models.comments(request.params.slug, request.user, request.query),
  );
  serve(app, api.listModelReviews, CATALOG, async (request) =>
    models.reviews(request.params.slug, request.user, request.query),
  );
  serve(app, api.markReviewHelpful, {}, async (request) =>
    models.markHelpful(
      requireUser(request, MODEL_MESSAGES.loginToVote),
      request.params.id,
      request.body?.helpful,
    ),
  );
  serve(app, api.likeModel, {}, async (request) =>
    models.like(requireUser(request, MODEL_MESSAGES.loginToLike), request.params.id, request.body?.liked),
  );
  serve(app, api.bookmarkModel, {}, async (request) =>
    models.bookmark(
      requireUser(request, MODEL_MESSAGES.loginToBookmark),
      request.params.id,
      request.body?.bookmarked,
    ),
  );
  serve(app, api.commentOnModel, {}, async (request) =>
    models.comment(requireUser(request, MODEL_MESSAGES.loginToComment), request.params.id, request.body),
  );
  serve(app, api.rateModel, {}, async (request) =>
    models.rate(requireUser(request, MODEL_MESSAGES.loginToRate), request.params.id, request.body),
  );
  serve(app, api.likeModelComment, {}, async (request) =>
    models.likeComment(
      requireUser(request, MODEL_MESSAGES.loginToLike),
      request.params.id,
      request.body?.liked,
    ),
  );
  serve(app, api.deleteModelComment, {}, async (request) =>
    models.deleteComment(requireUser(request), request.params.id),
  );
};

import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/model-requests";
import { MODEL_REQUEST_MESSAGES } from "../../../common/model-requests";
import { serve } from "../../platform/contract";
import { requireAdmin, requireUser } from "../../platform/session";
import { adminOnly } from "../admin/public";
import { createModelRequestService } from "./service";

/** Asking for and upvoting a model changes no member (write-sync keeps the members' caches). */
const CONTENT_WRITE = { config: { membersUnchanged: true } };
const ADMINS = { onRequest: adminOnly };

/** src/common/api/model-requests.ts: the requests page and the admin decisions on it. */
export const modelRequestRoutes: FastifyPluginAsync = async (app) => {
  const requests = createModelRequestService(app.ctx);
  serve(app, api.listModelRequests, {}, async (request) => requests.list(request.user, request.query));
  serve(app, api.createModelRequest, CONTENT_WRITE, async (request) =>
    requests.create(requireUser(request, MODEL_REQUEST_MESSAGES.loginToRequest), request.body),
  );
  serve(app, api.upvoteModelRequest, CONTENT_WRITE, async (request) =>
    requests.upvote(
      requireUser(request, MODEL_REQUEST_MESSAGES.loginToUpvote),
      request.params.id,
      request.body.upvoted,
    ),
  );
  serve(app, api.acceptModelRequest, ADMINS, async (request) =>
    requests.accept(requireAdmin(request), request.params.id, request.body.reason),
  );
  serve(app, api.declineModelRequest, ADMINS, async (request) =>
    requests.decline(requireAdmin(request), request.params.id, request.body.reason),
  );
  serve(app, api.mergeModelRequest, ADMINS, async (request) =>
    requests.merge(requireAdmin(request), request.params.id, request.body.intoId, request.body.reason),
  );
  serve(app, api.saveModelDraft, ADMINS, async (request) =>
    requests.saveDraft(requireAdmin(request), request.params.id, request.body),
  );
  serve(app, api.publishModelDraft, ADMINS, async (request) =>
    requests.publish(requireAdmin(request), request.params.id),
  );
};

import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/model-versions";
import { serve } from "../../platform/contract";
import { COLLECTIONS, namedAnswers } from "../../platform/public-cache";
import { requireAdmin } from "../../platform/session";
import { adminOnly } from "../admin/public";
import { createModelVersionService } from "./service";

/** A catalog answer (decision 0125): named by the collection, as the model's page is. */
const PUBLIC_CACHE = namedAnswers(() => [COLLECTIONS.models]);
/** Editing a model's versions changes no member (write-sync keeps the members' caches). */
const ADMINS = { onRequest: adminOnly, config: { membersUnchanged: true } };

/** src/common/api/model-versions.ts: the public list (with the rating split) and the admin edits. */
export const modelVersionRoutes: FastifyPluginAsync = async (app) => {
  const versions = createModelVersionService(app.ctx);
  serve(app, api.listModelVersions, PUBLIC_CACHE, async (request) => versions.list(request.params.slug));
  serve(app, api.createModelVersion, ADMINS, async (request) =>
    versions.create(requireAdmin(request), request.params.id, request.body),
  );
  serve(app, api.updateModelVersion, ADMINS, async (request) =>
    versions.update(requireAdmin(request), request.params.id, request.body),
  );
  serve(app, api.deleteModelVersion, ADMINS, async (request) =>
    versions.remove(requireAdmin(request), request.params.id),
  );
};

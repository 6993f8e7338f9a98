import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import * as api from "../../../common/api/sessions";
import { serve } from "../../platform/contract";
import { unauthorized } from "../../platform/errors";
import { requireUser } from "../../platform/session";
import { createSessionsService } from "./service";

const currentToken = (request: FastifyRequest): string => {
  if (!request.sessionTokenHash) throw unauthorized();
  return request.sessionTokenHash;
};

/** src/common/api/sessions.ts: a member's sessions and the new-browser email. */
export const sessionsRoutes: FastifyPluginAsync = async (app) => {
  const sessions = createSessionsService(app.ctx);
  serve(app, api.listSessions, {}, async (request) =>
    sessions.list(requireUser(request), currentToken(request), request.query),
  );
  serve(app, api.endSessionById, {}, async (request) =>
    sessions.endOne(requireUser(request), currentToken(request), request.params.id),
  );
  serve(app, api.endOtherSessions, {}, async (request) =>
    sessions.endOthers(requireUser(request), currentToken(request)),
  );
  serve(app, api.getSecurityPreferences, {}, async (request) => sessions.preferences(requireUser(request)));
  serve(app, api.updateSecurityPreferences, {}, async (request) =>
    sessions.updatePreferences(requireUser(request), request.body.newBrowserEmail),
  );
};

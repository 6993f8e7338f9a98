import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/history";
import { serve } from "../../platform/contract";
import { createHistoryService } from "./service";

/** The history route (src/common/api/history.ts). */
export const historyRoutes: FastifyPluginAsync = async (app) => {
  const history = createHistoryService(app.ctx);
  serve(app, api.getHistory, {}, async (request) =>
    history.list(request.user, request.params.kind, request.params.id, request.query),
  );
};

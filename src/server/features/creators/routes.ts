import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/creators";
import { serve } from "../../platform/contract";
import { listAnswers } from "../../platform/public-cache";
import { createCreatorsService } from "./service";

/** The creators directory (src/common/api/creators.ts): members ranked by followers and likes received, by generation. */
export const creatorsRoutes: FastifyPluginAsync = async (app) => {
  const creators = createCreatorsService(app.ctx);
  // A visitor's directory is everyone's (kept a second, emptied by every write).
  serve(app, api.listCreators, listAnswers(), async (request) => creators.list(request.user, request.query));
};

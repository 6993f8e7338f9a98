import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/creators";
import { serve } from "../../platform/contract";
import { createCreatorsService } from "./service";

/** The creators directory (src/common/api/creators.ts): members ranked by followers and likes received, by generation. */
export const creatorsRoutes: FastifyPluginAsync = async (app) => {
  const creators = createCreatorsService(app.ctx);
  serve(app, api.listCreators, {}, async (request) => creators.list(request.user, request.query));
};

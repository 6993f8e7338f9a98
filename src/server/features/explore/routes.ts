import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/explore";
import { serve } from "../../platform/contract";
import { createExploreService } from "./service";

/** The explore page (src/common/api/explore.ts): top models by category, active forums, popular prompts, members to follow. */
export const exploreRoutes: FastifyPluginAsync = async (app) => {
  const explore = createExploreService(app.ctx);
  serve(app, api.getExplore, {}, async (request) => explore.get(request.user));
};

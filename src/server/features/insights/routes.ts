import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/insights";
import { serve } from "../../platform/contract";
import { createInsightsService } from "./service";

/** SPEC §2.13: the generation profiles with live figures (src/common/api/insights.ts). */
export const insightsRoutes: FastifyPluginAsync = async (app) => {
  const insights = createInsightsService(app.ctx);
  serve(app, api.getInsights, {}, async () => insights.get());
};

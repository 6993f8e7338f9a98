import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/site";
import { serve } from "../../platform/contract";

/** Settings the client needs at run time, never secrets (src/common/api/site.ts). */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  serve(app, api.getPublicConfig, {}, async () => ({
    promoDeadline: app.ctx.config.promoDeadline?.toISOString() ?? null,
  }));
};

import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/support";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createSupportService } from "./service";

/** src/common/api/support.ts: contacting support and one's own tickets. */
export const supportRoutes: FastifyPluginAsync = async (app) => {
  const support = createSupportService(app.ctx);

  serve(app, api.openTicket, {}, async (request) => support.open(requireUser(request), request.body));
  serve(app, api.listTickets, {}, async (request) => support.mine(requireUser(request), request.query));
};

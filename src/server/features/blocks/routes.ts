import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/blocks";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createBlockService } from "./service";

/**
 * src/common/api/blocks.ts. Blocking and muting are member-changing writes (no
 * `membersUnchanged`): every instance forgets its cached filters (platform/write-sync.ts).
 */
export const blockRoutes: FastifyPluginAsync = async (app) => {
  const blocks = createBlockService(app.ctx);
  serve(app, api.listBlocks, {}, async (request) => blocks.list(requireUser(request)));
  serve(app, api.blockUser, {}, async (request) => blocks.block(requireUser(request), request.params.id));
  serve(app, api.unblockUser, {}, async (request) => blocks.unblock(requireUser(request), request.params.id));
  serve(app, api.muteTarget, {}, async (request) => blocks.mute(requireUser(request), request.body));
  serve(app, api.unmuteTarget, {}, async (request) => blocks.unmute(requireUser(request), request.params));
};

import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/push";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createPushService } from "./service";

/** Web Push (src/common/api/push.ts): the VAPID public key, and a member's browser subscriptions. */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  const push = createPushService(app.ctx);

  serve(app, api.getPushPublicKey, {}, async () => push.publicKey());
  serve(app, api.getPushStatus, {}, async (request) => push.status(requireUser(request)));
  serve(app, api.subscribePush, {}, async (request) => push.subscribe(requireUser(request), request.body));
  serve(app, api.unsubscribePush, {}, async (request) =>
    push.unsubscribe(requireUser(request), request.body.endpoint),
  );
};

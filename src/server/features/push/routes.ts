import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "../../../common/notifications";
import { errorResponses } from "../../platform/http";
import { requireUser } from "../../platform/session";
import { createPushService } from "./service";

const pushStatusSchema = z.object({ subscribed: z.boolean(), devices: z.number().int() });

/** Web Push: the VAPID public key, and a member's browser subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const push = createPushService(app.ctx);

  app.get(
    "/push/public-key",
    {
      schema: {
        tags: ["push"],
        summary: "The VAPID public key browsers subscribe with (applicationServerKey)",
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => push.publicKey(),
  );

  app.get(
    "/push/subscribe",
    {
      schema: {
        tags: ["push"],
        summary: "How many browsers of the signed-in member receive push notifications",
        response: { 200: z.object({ devices: z.number().int() }), ...errorResponses(401) },
      },
    },
    async (request) => push.status(requireUser(request)),
  );

  app.post(
    "/push/subscribe",
    {
      schema: {
        tags: ["push"],
        summary: "Register this browser's push subscription (PushSubscription.toJSON())",
        body: pushSubscriptionSchema,
        response: { 201: pushStatusSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await push.subscribe(requireUser(request), request.body);
      return reply.status(201).send(result);
    },
  );

  app.delete(
    "/push/subscribe",
    {
      schema: {
        tags: ["push"],
        summary: "Remove this browser's push subscription",
        body: pushUnsubscribeSchema,
        response: { 200: pushStatusSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => push.unsubscribe(requireUser(request), request.body.endpoint),
  );
};

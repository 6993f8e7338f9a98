import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema, pageQuerySchema } from "../../../common/http";
import { NOTIFICATION_MESSAGES, notificationSchema, unreadCountSchema } from "../../../common/notifications";
import { errorResponses } from "../../platform/http";
import { closePubSub, getPubSub } from "../../platform/pubsub";
import { requireUser } from "../../platform/session";
import { createNotificationService } from "./service";
import { openStream, streamRegistry } from "./stream";

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const notifications = createNotificationService(ctx);
  // With Redis, subscribe to the shared channel before serving, so no early event is missed.
  await getPubSub(ctx).prepare("notifications");
  // Open streams end before the server closes (it waits for open connections otherwise).
  app.addHook("preClose", async () => streamRegistry(ctx).closeAll());
  app.addHook("onClose", async () => closePubSub(ctx));

  const login = (request: Parameters<typeof requireUser>[0]) =>
    requireUser(request, NOTIFICATION_MESSAGES.loginRequired);

  app.get(
    "/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary: "The signed-in member's notifications, newest first",
        querystring: pageQuerySchema,
        response: { 200: z.array(notificationSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => notifications.list(login(request), request.query),
  );

  app.get(
    "/notifications/unread-count",
    {
      schema: {
        tags: ["notifications"],
        summary: "How many notifications are unread",
        response: { 200: unreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => notifications.unreadCount(login(request)),
  );

  app.get(
    "/notifications/stream",
    {
      schema: {
        tags: ["notifications"],
        summary:
          "Server-Sent Events: `event: unread` with `{ count }` now and on every change; a comment every 25 s",
        produces: ["text/event-stream"],
        response: { 200: z.string().describe("text/event-stream"), ...errorResponses(401) },
      },
    },
    async (request, reply) => openStream(ctx, login(request), request, reply),
  );

  app.put(
    "/notifications/read-all",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark every notification read",
        response: { 200: unreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => notifications.markAllRead(login(request)),
  );

  app.put(
    "/notifications/:id/read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark one of one's own notifications read (another member's answers 404)",
        params: idParamSchema,
        response: { 200: unreadCountSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => notifications.markRead(login(request), request.params.id),
  );
};

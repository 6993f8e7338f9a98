import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import * as api from "../../../common/api/notifications";
import { NOTIFICATION_MESSAGES } from "../../../common/notifications";
import { serve } from "../../platform/contract";
import { notificationsEntity } from "../../platform/entities";
import { forgetNamedAnswers } from "../../platform/public-cache";
import { closePubSub, getPubSub } from "../../platform/pubsub";
import { requireUser } from "../../platform/session";
import { createNotificationService } from "./service";
import { UNREAD_TTL_MS, unreadCacheOf } from "./unread-cache";
import { openStream, streamRegistry } from "./stream";

/** src/common/api/notifications.ts: the list, the unread count and its live stream. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  // Unread counts in memory, forgotten on every announcement of a member's notices (decision 0120).
  const unread = unreadCacheOf(ctx);
  const notifications = createNotificationService(ctx, unread);
  const pubsub = getPubSub(ctx);
  const stopForgetting = pubsub.subscribe("notifications:*", (_message, channel) => {
    const userId = Number(channel.slice(channel.indexOf(":") + 1));
    if (Number.isInteger(userId)) {
      unread.forget(userId);
      forgetNamedAnswers(ctx, [notificationsEntity(userId)]);
    } else unread.clear();
  });
  app.onWrite(() => unread.clear(), "members");
  // With Redis, subscribe to the shared channel before serving, so no early event is missed.
  await pubsub.prepare("notifications");
  // Open streams end before the server closes (it waits for open connections otherwise).
  app.addHook("preClose", async () => streamRegistry(ctx).closeAll());
  app.addHook("onClose", async () => {
    stopForgetting();
    await closePubSub(ctx);
  });

  const login = (request: Parameters<typeof requireUser>[0]) =>
    requireUser(request, NOTIFICATION_MESSAGES.loginRequired);

  // A member's list and count are kept for them until their notices change (decision 0137); the
  // count no longer than the unread cache keeps it (what no announcement tells is that far behind).
  // The list's first page only: a page after a cursor is read once while scrolling, and keeping
  // each pushed members' first pages and counts out of the cache (decision 0154).
  const ownNotices = (request: FastifyRequest) => [notificationsEntity(login(request).id)];
  const firstPage = (request: FastifyRequest) => (request.query as { cursor?: unknown }).cursor === undefined;
  const OWN_LIST = { config: { memberAnswers: { entities: ownNotices, applies: firstPage } } };
  const OWN_COUNT = { config: { memberAnswers: { entities: ownNotices, ttlMs: UNREAD_TTL_MS } } };
  serve(app, api.listNotifications, OWN_LIST, async (request) =>
    notifications.list(login(request), request.query),
  );
  serve(app, api.getUnreadCount, OWN_COUNT, async (request) => notifications.unreadCount(login(request)));
  // The stream answers by itself (the reply is hijacked).
  serve(app, api.notificationStream, {}, async (request, reply) => {
    await openStream(ctx, login(request), request, reply);
    return reply;
  });
  // Marking read changes the member's notices only (no users or session row, nothing a visitor's
  // answer shows): it names their list and count, and the rest of the caches stay.
  const READ = { config: { touches: ownNotices, membersUnchanged: true } };
  serve(app, api.markAllRead, READ, async (request) => notifications.markAllRead(login(request)));
  serve(app, api.markRead, READ, async (request) =>
    notifications.markRead(login(request), request.params.id),
  );
};

import type { FastifyPluginAsync } from "fastify";
import { listenForNotificationSources } from "./events";
import { registerPreferencesCache } from "./preferences";
import { notificationRoutes } from "./routes";

/**
 * In-app notifications and their live stream. Listens for follows, likes, comments, replies,
 * mentions and model comments (./events.ts).
 */
export const notificationsFeature: FastifyPluginAsync = async (app) => {
  await app.register(notificationRoutes);
  registerPreferencesCache(app);
  listenForNotificationSources(app.ctx);
};

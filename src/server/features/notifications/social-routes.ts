import type { FastifyPluginAsync } from "fastify";
import { accountRoutes } from "../account/routes";
import { followRoutes } from "../follows/routes";
import { pushRoutes } from "../push/routes";
import { searchRoutes } from "../search/routes";
import { notificationRoutes } from "./routes";

/** The social layer (issue 6) as one registration: follows, notifications, push, search, account settings. */
export const socialRoutes: FastifyPluginAsync = async (app) => {
  await app.register(followRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes);
  await app.register(searchRoutes);
  await app.register(accountRoutes);
};

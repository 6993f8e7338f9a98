import type { FastifyPluginAsync } from "fastify";
import { sessionsRoutes } from "./routes";

/** A member's signed-in sessions (browser, system, address), ending them, and the new-browser email. */
export const sessionsFeature: FastifyPluginAsync = async (app) => {
  await app.register(sessionsRoutes);
};

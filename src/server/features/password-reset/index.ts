import type { FastifyPluginAsync } from "fastify";
import { passwordResetRoutes } from "./routes";

/** The password reset flow: the mailed link and the new password. */
export const passwordResetFeature: FastifyPluginAsync = async (app) => {
  await app.register(passwordResetRoutes);
};

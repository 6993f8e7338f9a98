import type { FastifyPluginAsync } from "fastify";
import { sendVerificationLink } from "./email-verification";
import { accountRoutes } from "./routes";

/** Account settings (email, password, notification preferences, deletion) and email verification. */
export const accountFeature: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  await app.register(accountRoutes);
  // Every new member is mailed a link that verifies their address (issue 25).
  ctx.events.on("user.registered", (e) =>
    sendVerificationLink(ctx, { id: e.userId, email: e.email, username: e.username }),
  );
};

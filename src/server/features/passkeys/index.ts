import type { FastifyPluginAsync } from "fastify";
import { passkeyRoutes } from "./routes";

/** Passkeys (WebAuthn, issue 24 item 2): a member's passkeys and signing in with one. */
export const passkeysFeature: FastifyPluginAsync = async (app) => {
  await app.register(passkeyRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { oidcRoutes } from "./routes";

/** Sign in with an OpenID Connect provider (issue 24, item 3; docs/decisions/0089). */
export const oidcFeature: FastifyPluginAsync = async (app) => {
  await app.register(oidcRoutes);
};

import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./auth/routes";
import { healthRoutes } from "./health/routes";
import { mailDigestPlugin } from "./mail-digest/routes";
import { passwordResetRoutes } from "./password-reset/routes";
import { siteRoutes } from "./site/routes";
import { statsRoutes } from "./stats/routes";
import { userRoutes } from "./users/routes";

/** Every feature's routes, mounted under /api. A new feature adds one line here. */
export const featureRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  passwordResetRoutes,
  mailDigestPlugin,
  userRoutes,
  statsRoutes,
  siteRoutes,
];

import type { FastifyPluginAsync } from "fastify";
import { adminRoutes } from "./admin/routes";
import { aiModelRoutes } from "./ai-models/routes";
import { authRoutes } from "./auth/routes";
import { featureFlagRoutes } from "./feature-flags/routes";
import { forumRoutes } from "./forums/routes";
import { healthRoutes } from "./health/routes";
import { mailDigestPlugin } from "./mail-digest/routes";
import { socialRoutes } from "./notifications/social-routes";
import { passwordResetRoutes } from "./password-reset/routes";
import { postRoutes } from "./posts/routes";
import { promptRoutes } from "./prompts/routes";
import { reportRoutes } from "./reports/routes";
import { savedRoutes } from "./saved/routes";
import { siteRoutes } from "./site/routes";
import { statsRoutes } from "./stats/routes";
import { subscriptionRoutes } from "./subscriptions/routes";
import { supportRoutes } from "./support/routes";
import { discoveryRoutes } from "./trending/discovery";
import { uploadRoutes } from "./uploads/routes";
import { userRoutes } from "./users/routes";

/** Every feature's routes, mounted under /api. A new feature adds one line here. */
export const featureRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  passwordResetRoutes,
  mailDigestPlugin,
  userRoutes,
  socialRoutes,
  statsRoutes,
  postRoutes,
  uploadRoutes,
  siteRoutes,
  subscriptionRoutes,
  supportRoutes,
  forumRoutes,
  promptRoutes,
  aiModelRoutes,
  savedRoutes,
  adminRoutes,
  reportRoutes,
  featureFlagRoutes,
  discoveryRoutes,
];

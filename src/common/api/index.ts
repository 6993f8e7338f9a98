import * as account from "./account";
import * as admin from "./admin";
import * as aiModels from "./ai-models";
import * as analytics from "./analytics";
import * as arena from "./arena";
import * as auth from "./auth";
import * as blocks from "./blocks";
import * as catalog from "./catalog";
import * as creators from "./creators";
import * as docs from "./docs";
import * as dataExport from "./export";
import * as explore from "./explore";
import * as featureFlags from "./feature-flags";
import * as follows from "./follows";
import * as forums from "./forums";
import * as health from "./health";
import * as history from "./history";
import * as insights from "./insights";
import * as modelRequests from "./model-requests";
import * as modelVersions from "./model-versions";
import * as notifications from "./notifications";
import * as oidc from "./oidc";
import * as passkeys from "./passkeys";
import * as passwordReset from "./password-reset";
import * as posts from "./posts";
import * as prompts from "./prompts";
import * as push from "./push";
import * as reports from "./reports";
import type { AnyRoute } from "./route";
import * as saved from "./saved";
import * as search from "./search";
import * as sessions from "./sessions";
import * as site from "./site";
import * as stats from "./stats";
import * as subscriptions from "./subscriptions";
import * as support from "./support";
import * as topicFollows from "./topic-follows";
import * as trending from "./trending";
import * as trendingBattles from "./trending-battles";
import * as twoFactor from "./two-factor";
import * as uploads from "./uploads";
import * as users from "./users";

/**
 * The whole API contract, feature by feature (docs/decisions/0082). The server registers exactly
 * these routes (app.ts refuses any other under /api); the route policy and OpenAPI come from them.
 */
export const contract = {
  account,
  admin,
  aiModels,
  analytics,
  arena,
  auth,
  blocks,
  catalog,
  creators,
  dataExport,
  docs,
  explore,
  featureFlags,
  follows,
  forums,
  health,
  history,
  insights,
  modelRequests,
  modelVersions,
  notifications,
  passkeys,
  oidc,
  passwordReset,
  posts,
  prompts,
  push,
  reports,
  saved,
  search,
  sessions,
  site,
  stats,
  subscriptions,
  support,
  topicFollows,
  trending,
  trendingBattles,
  twoFactor,
  uploads,
  users,
} as const;

/** Every route of the contract. */
export function allRoutes(): AnyRoute[] {
  return Object.values(contract).flatMap((feature) =>
    Object.values(feature as Record<string, unknown>).filter(
      (value): value is AnyRoute =>
        typeof value === "object" && value !== null && "method" in value && "path" in value,
    ),
  );
}

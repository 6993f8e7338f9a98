import * as account from "./account";
import * as admin from "./admin";
import * as auth from "./auth";
import * as docs from "./docs";
import * as featureFlags from "./feature-flags";
import * as follows from "./follows";
import * as health from "./health";
import * as notifications from "./notifications";
import * as passwordReset from "./password-reset";
import * as posts from "./posts";
import * as push from "./push";
import * as subscriptions from "./subscriptions";
import * as support from "./support";
import * as users from "./users";
import type { AnyRoute } from "./route";

/**
 * The whole API contract, feature by feature (docs/decisions/0082). The server registers exactly
 * these routes (app.ts refuses any other under /api); the route policy and OpenAPI come from them.
 */
export const contract = {
  account,
  admin,
  auth,
  docs,
  featureFlags,
  follows,
  health,
  notifications,
  passwordReset,
  posts,
  push,
  subscriptions,
  support,
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

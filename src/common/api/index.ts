import * as aiModels from "./ai-models";
import * as analytics from "./analytics";
import * as creators from "./creators";
import * as explore from "./explore";
import * as forums from "./forums";
import * as insights from "./insights";
import * as posts from "./posts";
import * as prompts from "./prompts";
import * as reports from "./reports";
import type { AnyRoute } from "./route";
import * as saved from "./saved";
import * as search from "./search";
import * as site from "./site";
import * as stats from "./stats";
import * as trending from "./trending";
import * as uploads from "./uploads";

/**
 * The whole API contract, feature by feature (docs/decisions/0082). The server registers exactly
 * these routes (app.ts refuses any other under /api); the route policy and OpenAPI come from them.
 */
export const contract = {
  aiModels,
  analytics,
  creators,
  explore,
  forums,
  insights,
  posts,
  prompts,
  reports,
  saved,
  search,
  site,
  stats,
  trending,
  uploads,
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

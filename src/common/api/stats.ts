import { communityStatsSchema } from "../stats";
import { route } from "./route";

/** Live figures behind the landing page's stat cards (DESIGN §5) and the feed sidebar. */
export const getStats = route("GET", "/api/stats", "public", () => ({
  tags: ["community"],
  summary: "Live community figures for the landing page and the feed sidebar",
  response: communityStatsSchema,
}));

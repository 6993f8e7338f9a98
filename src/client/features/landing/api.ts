import { queryOptions } from "@tanstack/react-query";
import type { CommunityStats } from "../../../common/stats";
import { getJson } from "../../api/http";

/** The community's live figures (GET /api/stats), as the landing page and the server's render read them. */
export function communityStatsQuery() {
  return queryOptions({ queryKey: ["/api/stats"], queryFn: () => getJson<CommunityStats>("/api/stats") });
}

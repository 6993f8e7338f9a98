import { queryOptions } from "@tanstack/react-query";
import { getStats } from "../../../common/api/stats";
import { call, routeKey } from "../../api/client";

/** The community's live figures, as the landing page and the server's render read them. */
export function communityStatsQuery() {
  return queryOptions({ queryKey: routeKey(getStats), queryFn: () => call(getStats) });
}

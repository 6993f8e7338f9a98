import { useQuery } from "@tanstack/react-query";
import { trendingBattles } from "../../../common/api/trending-battles";
import type { Timeframe } from "../../../common/trending";
import { call, routeKey } from "../../api/client";

/** The Arena's most-voted battles of a timeframe (decision 0110). */
export const useTrendingBattles = (timeframe: Timeframe, enabled = true) =>
  useQuery({
    queryKey: routeKey(trendingBattles, timeframe),
    queryFn: () => call(trendingBattles, { query: { timeframe } }),
    enabled,
  });

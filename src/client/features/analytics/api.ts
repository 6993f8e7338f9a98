import { useQuery } from "@tanstack/react-query";
import type { AnalyticsRange } from "../../../common/analytics";
import { personalAnalytics, siteAnalytics } from "../../../common/api/analytics";
import { call, routeKey } from "../../api/client";

export const analyticsKeys = {
  me: (range: AnalyticsRange) => routeKey(personalAnalytics, range),
  site: routeKey(siteAnalytics),
};

export const usePersonalAnalytics = (range: AnalyticsRange) =>
  useQuery({
    queryKey: analyticsKeys.me(range),
    queryFn: () => call(personalAnalytics, { query: { range } }),
  });

export const useSiteAnalytics = () =>
  useQuery({ queryKey: analyticsKeys.site, queryFn: () => call(siteAnalytics) });

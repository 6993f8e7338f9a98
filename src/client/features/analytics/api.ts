import { useQuery } from "@tanstack/react-query";
import type { AnalyticsRange, PersonalAnalytics, SiteAnalytics } from "../../../common/analytics";
import { withQuery } from "../../api/http";

export const analyticsKeys = {
  me: (range: AnalyticsRange) => [withQuery("/api/analytics/me", { range })] as const,
  site: ["/api/admin/analytics"] as const,
};

export const usePersonalAnalytics = (range: AnalyticsRange) =>
  useQuery<PersonalAnalytics>({ queryKey: analyticsKeys.me(range) });

export const useSiteAnalytics = () => useQuery<SiteAnalytics>({ queryKey: analyticsKeys.site });

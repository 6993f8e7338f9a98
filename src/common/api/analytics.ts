import {
  analyticsQuerySchema,
  personalAnalyticsSchema,
  siteAnalyticsSchema,
  usageEventResultSchema,
  usageEventSchema,
} from "../analytics";
import { route } from "./route";

/** A member's analytics by plan, first-party usage events, and the admin's site-wide figures. */
const tags = ["analytics"];

export const personalAnalytics = route("GET", "/api/analytics/me", "member", () => ({
  tags,
  summary:
    "Your posts' analytics for 7d or 30d: level none (Free), basic totals (Basic) or advanced (Pro, Premium)",
  query: analyticsQuerySchema,
  response: personalAnalyticsSchema,
  errors: [400, 401],
}));

export const recordUsageEvent = route("POST", "/api/analytics/events", "public", () => ({
  tags,
  summary:
    "Record a page view or identify (sent only after cookie consent); stored as daily aggregates, sets no cookie",
  body: usageEventSchema,
  response: usageEventResultSchema,
  status: 202,
  errors: [400, 401, 429],
}));

export const siteAnalytics = route("GET", "/api/admin/analytics", "admin", () => ({
  tags,
  summary: "Site-wide daily active members, visitors, page views and top pages over 30 days (admins)",
  response: siteAnalyticsSchema,
  errors: [401, 403],
}));

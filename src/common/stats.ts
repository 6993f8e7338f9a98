import { z } from "zod";

export const communityStatsSchema = z.object({
  reviews: z.number().int(),
  onlineNow: z.number().int(),
  models: z.number().int(),
  prompts: z.number().int(),
  members: z.number().int(),
  posts: z.number().int(),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;

/**
 * The landing page's live figures (issue 25): "2 Online Now" reads as an empty room, so the online
 * count shows only from this many members up; below it the card shows the member total.
 * docs/decisions/0063-landing-live-figures.md
 */
export const ONLINE_NOW_THRESHOLD = 25;

/** The people card of the landing page: online now past the threshold, else the member total. */
export function peopleStat(stats: Pick<CommunityStats, "onlineNow" | "members">): {
  value: number;
  label: "Online Now" | "Members";
} {
  return stats.onlineNow >= ONLINE_NOW_THRESHOLD
    ? { value: stats.onlineNow, label: "Online Now" }
    : { value: stats.members, label: "Members" };
}

/** The landing page's link to the directory, with the catalog's real size once it is known. */
export function viewAllModelsLabel(models: number | undefined): string {
  return models === undefined || models <= 0
    ? "View All AI Models"
    : `View All AI Models (${models.toLocaleString("en-US")})`;
}

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

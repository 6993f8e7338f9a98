import { z } from "zod";
import { trendingQuerySchema } from "../trending";
import { route } from "./route";

/*
 * The Arena's battles in trending (issue 22, decision 0110), apart from the other trending routes:
 * the pages that read only those (a profile's rising creators) do not carry this one.
 */
const tags = ["discovery"];

/**
 * A battle of the Arena by its votes in the window (decision 0110): what a voter sees before
 * voting (no models, no submitter), with a link to vote on it.
 */
export const trendingBattleSchema = z.object({
  id: z.number().int(),
  /** The prompt's start, plain text. */
  prompt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** Votes cast in the window, and in all. */
  votes: z.number().int(),
  totalVotes: z.number().int(),
});
export type TrendingBattle = z.infer<typeof trendingBattleSchema>;

export const trendingBattles = route("GET", "/api/trending/battles", "public", () => ({
  tags,
  summary: "Arena battles with the most votes in the timeframe (models and submitter not shown)",
  query: trendingQuerySchema,
  response: z.array(trendingBattleSchema),
  errors: [400],
}));

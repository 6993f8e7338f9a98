import { z } from "zod";
import {
  risingCreatorSchema,
  trendingPostSchema,
  trendingQuerySchema,
  trendingTopicSchema,
} from "../trending";
import { route } from "./route";

/** SPEC §2.14 / §7: trending topics, hot posts and rising creators for 1h, 24h, 7d or 30d. */
const tags = ["discovery"];

export const trendingTopics = route("GET", "/api/trending/topics", "public", () => ({
  tags,
  summary: "Hashtags by posts in the timeframe, with growth against the previous window",
  query: trendingQuerySchema,
  response: z.array(trendingTopicSchema),
  errors: [400],
}));

export const trendingPosts = route("GET", "/api/trending/posts", "public", () => ({
  tags,
  summary: "Hot posts of the timeframe by a time-decayed engagement score",
  query: trendingQuerySchema,
  response: z.array(trendingPostSchema),
  errors: [400],
}));

export const risingCreators = route("GET", "/api/trending/creators", "public", () => ({
  tags,
  summary: "Rising creators: members who gained the most followers and likes in the timeframe",
  query: trendingQuerySchema,
  response: z.array(risingCreatorSchema),
  errors: [400],
}));

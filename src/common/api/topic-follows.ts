import { topicFollowListSchema, topicFollowResultSchema, topicParamsSchema } from "../topic-follows";
import { route } from "./route";

/**
 * Following hashtags and models (issue 21 item 3, decision 0104). Apart from follows.ts so that the
 * pages that follow members do not carry these schemas.
 */
const tags = ["follows"];

export const listTopicFollows = route("GET", "/api/follows/topics", "member", () => ({
  tags,
  summary: "The hashtags and models the signed-in member follows, most recent first",
  response: topicFollowListSchema,
  errors: [401],
}));

export const followTopic = route("PUT", "/api/follows/topics/:kind/:target", "member", () => ({
  tags,
  summary: "Follow a hashtag or a model: its posts join the Following tab (idempotent)",
  params: topicParamsSchema,
  response: topicFollowResultSchema,
  errors: [400, 401],
}));

export const unfollowTopic = route("DELETE", "/api/follows/topics/:kind/:target", "member", () => ({
  tags,
  summary: "Stop following one's own followed hashtag or model (idempotent)",
  params: topicParamsSchema,
  response: topicFollowResultSchema,
  errors: [400, 401],
}));

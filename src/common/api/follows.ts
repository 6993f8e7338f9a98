import { z } from "zod";
import { idParamSchema } from "../http";
import {
  followListQuerySchema,
  followResultSchema,
  followStatusSchema,
  topicFollowListSchema,
  topicFollowResultSchema,
  topicParamsSchema,
  userSummarySchema,
} from "../social";
import { route } from "./route";

/** Following members, and who follows whom. */
const tags = ["follows"];

export const getFollowingStatus = route("GET", "/api/users/:id/following-status", "member", () => ({
  tags,
  summary: "Whether the signed-in member follows this member",
  params: idParamSchema,
  response: followStatusSchema,
  errors: [400, 401, 404],
}));

export const followUser = route("POST", "/api/users/:id/follow", "member", () => ({
  tags,
  summary: "Follow a member (idempotent; never oneself)",
  params: idParamSchema,
  response: followResultSchema,
  errors: [400, 401, 404, 429],
}));

export const unfollowUser = route("DELETE", "/api/users/:id/follow", "member", () => ({
  tags,
  summary: "Stop following a member (idempotent)",
  params: idParamSchema,
  response: followResultSchema,
  errors: [400, 401, 404],
}));

export const listFollowers = route("GET", "/api/users/:id/followers", "public", () => ({
  tags,
  summary: "Members following this member, most recent first",
  params: idParamSchema,
  query: followListQuerySchema,
  response: z.array(userSummarySchema),
  errors: [400, 404],
}));

export const listFollowing = route("GET", "/api/users/:id/following", "public", () => ({
  tags,
  summary: "Members this member follows, most recent first",
  params: idParamSchema,
  query: followListQuerySchema,
  response: z.array(userSummarySchema),
  errors: [400, 404],
}));

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

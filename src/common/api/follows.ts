import { z } from "zod";
import { idParamSchema } from "../http";
import { followListQuerySchema, followResultSchema, followStatusSchema, userSummarySchema } from "../social";
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

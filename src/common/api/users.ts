import { z } from "zod";
import { currentUserSchema, profileUpdateSchema, publicUserSchema } from "../auth";
import { idParamSchema, pageQuerySchema } from "../http";
import { postSchema } from "../posts";
import { AVATAR_FILE_RE, activityItemSchema, avatarResultSchema, profileStatsSchema } from "../social";
import { route } from "./route";

/** Members' profiles: the public profile, its posts, stats and activity; one's own profile and picture. */
const tags = ["users"];

export const updateProfile = route("PUT", "/api/profile", "member", () => ({
  tags,
  summary: "Update the signed-in member's profile",
  body: profileUpdateSchema,
  response: currentUserSchema,
  errors: [400, 401, 409],
}));

export const getUser = route("GET", "/api/users/:id", "public", () => ({
  tags,
  summary: "A member's public profile",
  params: idParamSchema,
  response: publicUserSchema,
  errors: [400, 404],
}));

export const listUserPosts = route("GET", "/api/users/:id/posts", "public", () => ({
  tags,
  summary: "A member's posts, newest first (anonymous posts only to their author)",
  params: idParamSchema,
  query: pageQuerySchema,
  response: z.array(postSchema),
  errors: [400, 404],
}));

export const getUserStats = route("GET", "/api/users/:id/stats", "public", () => ({
  tags,
  summary: "A member's figures: posts, likes received, ratings, prompts, threads, followers",
  params: idParamSchema,
  response: profileStatsSchema,
  errors: [400, 404],
}));

export const listUserActivity = route("GET", "/api/users/:id/activity", "public", () => ({
  tags,
  summary: "A member's latest contributions across the site",
  params: idParamSchema,
  query: z.object({
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(50, "limit must be at most 50")
      .default(10),
  }),
  response: z.array(activityItemSchema),
  errors: [400, 404],
}));

export const uploadAvatar = route("POST", "/api/profile/avatar", "member", () => ({
  tags,
  summary: "Upload a profile picture (JPEG, PNG, WebP or GIF, at most 5 MB; stored as a 256 px WebP)",
  body: "multipart" as const,
  response: avatarResultSchema,
  errors: [400, 401, 413, 415, 429],
}));

export const removeAvatar = route("DELETE", "/api/profile/avatar", "member", () => ({
  tags,
  summary: "Remove the profile picture",
  response: avatarResultSchema,
  errors: [401],
}));

export const getAvatar = route("GET", "/api/avatars/:file", "public", () => ({
  tags,
  summary: "A profile picture (cached for a year: names are random and never reused)",
  params: z.object({ file: z.string().regex(AVATAR_FILE_RE, "Not a profile picture name") }),
  response: z.any().describe("The picture (image/webp)"),
  errors: [400, 404],
}));

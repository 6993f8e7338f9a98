import {
  blockListSchema,
  blockResultSchema,
  muteInputSchema,
  muteParamsSchema,
  muteResultSchema,
} from "../blocks";
import { idParamSchema } from "../http";
import { route } from "./route";

/** Blocking members and muting members, threads, forums and hashtags (issue 21 item 2). */
const tags = ["blocks"];

export const listBlocks = route("GET", "/api/blocks", "member", () => ({
  tags,
  summary: "The signed-in member's blocked members and mutes, most recent first",
  response: blockListSchema,
  errors: [401],
}));

export const blockUser = route("PUT", "/api/users/:id/block", "member", () => ({
  tags,
  summary: "Block a member (idempotent; never oneself): removes follows both ways; not announced",
  params: idParamSchema,
  response: blockResultSchema,
  errors: [400, 401, 404, 429],
}));

export const unblockUser = route("DELETE", "/api/users/:id/block", "member", () => ({
  tags,
  summary: "Undo one's own block of a member (idempotent)",
  params: idParamSchema,
  response: blockResultSchema,
  errors: [400, 401, 404],
}));

export const muteTarget = route("POST", "/api/mutes", "member", () => ({
  tags,
  summary: "Mute a member, a thread, a forum or a hashtag (idempotent)",
  body: muteInputSchema,
  response: muteResultSchema,
  errors: [400, 401, 404, 429],
}));

export const unmuteTarget = route("DELETE", "/api/mutes/:kind/:target", "member", () => ({
  tags,
  summary: "Undo one's own mute (idempotent)",
  params: muteParamsSchema,
  response: muteResultSchema,
  errors: [400, 401],
}));

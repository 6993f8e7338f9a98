import { z } from "zod";
import {
  forumCreateSchema,
  forumListQuerySchema,
  forumSchema,
  membershipSchema,
  replyCreateSchema,
  replyParamsSchema,
  replySchema,
  threadCreateSchema,
  threadSchema,
  threadSummarySchema,
  threadUpdateSchema,
} from "../forums";
import { idParamSchema, messageSchema, pageQuerySchema } from "../http";
import { route } from "./route";

/**
 * Forums (SPEC §2.7, §7): the list and creation of the spec, plus the forum page the spec
 * leaves open — membership, threads by latest activity, replies in order (DESIGN §4).
 */
const tags = ["forums"];

export const listForums = route("GET", "/api/forums", "public", () => ({
  tags,
  summary: "Forums, oldest first; `search` matches name and description",
  query: forumListQuerySchema,
  response: z.array(forumSchema),
  errors: [400],
}));

export const createForum = route("POST", "/api/forums", "member", () => ({
  tags,
  summary: "Create a forum (its creator joins it)",
  body: forumCreateSchema,
  response: forumSchema,
  status: 201,
  errors: [400, 401, 409, 422, 429],
}));

export const getForum = route("GET", "/api/forums/:id", "public", () => ({
  tags,
  summary: "One forum",
  params: idParamSchema,
  response: forumSchema,
  errors: [400, 404],
}));

export const joinForum = route("POST", "/api/forums/:id/join", "member", () => ({
  tags,
  summary: "Join a forum (idempotent)",
  params: idParamSchema,
  response: membershipSchema,
  errors: [400, 401, 404],
}));

export const leaveForum = route("DELETE", "/api/forums/:id/join", "member", () => ({
  tags,
  summary: "Leave a forum (idempotent)",
  params: idParamSchema,
  response: membershipSchema,
  errors: [400, 401, 404],
}));

export const listThreads = route("GET", "/api/forums/:id/threads", "public", () => ({
  tags,
  summary: "A forum's threads by latest activity; `cursor` is the last thread id seen",
  params: idParamSchema,
  query: pageQuerySchema,
  response: z.array(threadSummarySchema),
  errors: [400, 404],
}));

export const createThread = route("POST", "/api/forums/:id/threads", "member", () => ({
  tags,
  summary: "Start a thread",
  params: idParamSchema,
  body: threadCreateSchema,
  response: threadSchema,
  status: 201,
  errors: [400, 401, 404, 422, 429],
}));

export const getThread = route("GET", "/api/threads/:id", "public", () => ({
  tags,
  summary: "One thread with its opening message",
  params: idParamSchema,
  response: threadSchema,
  errors: [400, 404],
}));

export const updateThread = route("PUT", "/api/threads/:id", "owner", () => ({
  tags,
  summary: "Edit a thread (its author or an administrator)",
  params: idParamSchema,
  body: threadUpdateSchema,
  response: threadSchema,
  errors: [400, 401, 403, 404, 422, 429],
}));

export const deleteThread = route("DELETE", "/api/threads/:id", "owner", () => ({
  tags,
  summary: "Delete a thread and its replies (its author or an administrator)",
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
}));

export const listReplies = route("GET", "/api/threads/:id/replies", "public", () => ({
  tags,
  summary: "A thread's replies in order; `cursor` is the last reply id seen",
  params: idParamSchema,
  query: pageQuerySchema,
  response: z.array(replySchema),
  errors: [400, 404],
}));

export const createReply = route("POST", "/api/threads/:id/replies", "member", () => ({
  tags,
  summary: "Reply to a thread; `@username` mentions the member",
  params: idParamSchema,
  body: replyCreateSchema,
  response: replySchema,
  status: 201,
  errors: [400, 401, 404, 422, 429],
}));

export const updateReply = route("PUT", "/api/threads/:id/replies/:replyId", "owner", () => ({
  tags,
  summary: "Edit a reply (its author or an administrator)",
  params: replyParamsSchema,
  body: replyCreateSchema,
  response: replySchema,
  errors: [400, 401, 403, 404, 422, 429],
}));

export const deleteReply = route("DELETE", "/api/threads/:id/replies/:replyId", "owner", () => ({
  tags,
  summary: "Delete a reply (its author or an administrator)",
  params: replyParamsSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
}));

import { idParamSchema } from "../http";
import {
  acceptRequestSchema,
  declineRequestSchema,
  draftInputSchema,
  mergeRequestSchema,
  modelRequestInputSchema,
  modelRequestListQuerySchema,
  modelRequestPageSchema,
  modelRequestSchema,
  publishResultSchema,
  upvoteBodySchema,
  upvoteResultSchema,
} from "../model-requests";
import { route } from "./route";

/** Model requests (issue 23 item 6, docs/decisions/0111 and 0112). */
const tags = ["model-requests"];

export const listModelRequests = route("GET", "/api/model-requests", "public", () => ({
  tags,
  summary: "Requests for models missing from the directory, most upvoted or newest first; keyset pages",
  query: modelRequestListQuerySchema,
  response: modelRequestPageSchema,
  errors: [400],
}));

export const createModelRequest = route("POST", "/api/model-requests", "member", () => ({
  tags,
  summary:
    "Request a model (name, maker, link, why); a duplicate of an open request or a listed model is 409",
  body: modelRequestInputSchema,
  response: modelRequestSchema,
  status: 201,
  errors: [400, 401, 409, 422, 429],
}));

export const upvoteModelRequest = route("PUT", "/api/model-requests/:id/upvote", "member", () => ({
  tags,
  summary: "Upvote an open request or take the upvote back ({ upvoted }); once per member, never one's own",
  params: idParamSchema,
  body: upvoteBodySchema,
  response: upvoteResultSchema,
  errors: [400, 401, 403, 404, 409, 429],
}));

export const acceptModelRequest = route("POST", "/api/admin/model-requests/:id/accept", "admin", () => ({
  tags,
  summary: "Accept an open request: a draft model prefilled from it; requester and upvoters are notified",
  params: idParamSchema,
  body: acceptRequestSchema,
  response: modelRequestSchema,
  errors: [400, 401, 403, 404, 409],
}));

export const declineModelRequest = route("POST", "/api/admin/model-requests/:id/decline", "admin", () => ({
  tags,
  summary: "Decline an open request with a reason; requester and upvoters are notified",
  params: idParamSchema,
  body: declineRequestSchema,
  response: modelRequestSchema,
  errors: [400, 401, 403, 404, 409],
}));

export const mergeModelRequest = route("POST", "/api/admin/model-requests/:id/merge", "admin", () => ({
  tags,
  summary: "Merge an open request into another open one (upvotes moved); its requester is notified",
  params: idParamSchema,
  body: mergeRequestSchema,
  response: modelRequestSchema,
  errors: [400, 401, 403, 404, 409],
}));

export const saveModelDraft = route("PUT", "/api/admin/model-requests/:id/draft", "admin", () => ({
  tags,
  summary: "Complete the draft model of an accepted request (unpublished: admins only see it)",
  params: idParamSchema,
  body: draftInputSchema,
  response: modelRequestSchema,
  errors: [400, 401, 403, 404, 409],
}));

export const publishModelDraft = route("POST", "/api/admin/model-requests/:id/publish", "admin", () => ({
  tags,
  summary: "Publish a complete draft: the model joins the directory",
  params: idParamSchema,
  response: publishResultSchema,
  errors: [401, 403, 404, 409],
}));

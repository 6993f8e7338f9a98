import { z } from "zod";
import {
  bookmarkBodySchema,
  bookmarkResultSchema,
  commentBodySchema,
  compareQuerySchema,
  likeBodySchema,
  likeResultSchema,
  modelCommentSchema,
  modelDetailSchema,
  modelListQuerySchema,
  modelReviewSchema,
  modelSchema,
  modelSummarySchema,
  rateBodySchema,
  rateResultSchema,
  reviewListQuerySchema,
  helpfulBodySchema,
  helpfulResultSchema,
  slugParamSchema,
} from "../ai-models";
import { idParamSchema, messageSchema, pageQuerySchema } from "../http";
import { route } from "./route";

/** The AI model directory (SPEC §2.10–§2.12, §7). Reads are public; every write needs a session. */
const tags = ["ai-models"];

export const listModels = route("GET", "/api/ai-models", "public", () => ({
  tags,
  summary: "The directory: search, category, pricing (comma list), sort; keyset pages",
  query: modelListQuerySchema,
  response: z.array(modelSummarySchema),
  errors: [400],
}));

export const compareModels = route("GET", "/api/ai-models/compare", "public", () => ({
  tags,
  summary: "Models to compare, in the asked order (at most 3 distinct ids; unknown ids left out)",
  query: compareQuerySchema,
  response: z.array(modelSchema),
  errors: [400],
}));

export const getModel = route("GET", "/api/ai-models/:slug", "public", () => ({
  tags,
  summary: "One model with the viewer's like/bookmark/rating and similar models; counts a view",
  params: slugParamSchema,
  response: modelDetailSchema,
  errors: [404],
}));

export const listModelComments = route("GET", "/api/ai-models/:slug/comments", "public", () => ({
  tags,
  summary: "Comments on a model, newest first",
  params: slugParamSchema,
  query: pageQuerySchema,
  response: z.array(modelCommentSchema),
  errors: [400, 404],
}));

export const listModelReviews = route("GET", "/api/ai-models/:slug/reviews", "public", () => ({
  tags,
  summary:
    "Members' reviews of a model: sort helpful (default), newest, highest, lowest; filter by generation or version; keyset pages",
  params: slugParamSchema,
  query: reviewListQuerySchema,
  response: z.array(modelReviewSchema),
  errors: [400, 404],
}));

export const likeModel = route("POST", "/api/ai-models/:id/like", "member", () => ({
  tags,
  summary: "Toggle the member's like (or set it with { liked })",
  params: idParamSchema,
  body: likeBodySchema,
  response: likeResultSchema,
  errors: [400, 401, 404, 429],
}));

export const bookmarkModel = route("POST", "/api/ai-models/:id/bookmark", "member", () => ({
  tags,
  summary: "Toggle the member's bookmark (or set it with { bookmarked })",
  params: idParamSchema,
  body: bookmarkBodySchema,
  response: bookmarkResultSchema,
  errors: [400, 401, 404, 429],
}));

export const commentOnModel = route("POST", "/api/ai-models/:id/comments", "member", () => ({
  tags,
  summary: "Comment on a model",
  params: idParamSchema,
  body: commentBodySchema,
  response: modelCommentSchema,
  status: 201,
  errors: [400, 401, 404, 422, 429],
}));

export const rateModel = route("POST", "/api/ai-models/:id/rate", "member", () => ({
  tags,
  summary: "Rate a model 1–5 with an optional review; re-rating replaces the member's rating",
  params: idParamSchema,
  body: rateBodySchema,
  response: rateResultSchema,
  errors: [400, 401, 404, 429],
}));

export const likeModelComment = route("POST", "/api/ai-models/comments/:id/like", "member", () => ({
  tags,
  summary: "Toggle the member's like of a model comment (or set it with { liked })",
  params: idParamSchema,
  body: likeBodySchema,
  response: likeResultSchema,
  errors: [400, 401, 404, 429],
}));

export const deleteModelComment = route("DELETE", "/api/ai-models/comments/:id", "owner", () => ({
  tags,
  summary: "Delete a model comment (its author, or an admin)",
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 404],
}));

export const markReviewHelpful = route("POST", "/api/ai-models/reviews/:id/helpful", "member", () => ({
  tags,
  summary: "Mark a review helpful (once; never one's own); { helpful: false } takes the mark back",
  params: idParamSchema,
  body: helpfulBodySchema,
  response: helpfulResultSchema,
  errors: [400, 401, 404, 429],
}));

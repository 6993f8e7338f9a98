import { z } from "zod";
import { idParamSchema, messageSchema } from "../http";
import {
  modelVoteInputSchema,
  modelVoteSchema,
  promptCreateSchema,
  promptDetailSchema,
  promptDownloadSchema,
  promptLikeSchema,
  promptListQuerySchema,
  promptSchema,
} from "../prompts";
import { route } from "./route";

/** The prompt library (SPEC §2.8, §7) with likes, copies and per-model "worked on" votes built for real. */
const tags = ["prompts"];

export const listPrompts = route("GET", "/api/prompts", "public", () => ({
  tags,
  summary: "The library: filter by category, aiModel, difficulty or search; sort newest, likes or downloads",
  query: promptListQuerySchema,
  response: z.array(promptSchema),
  errors: [400],
}));

export const createPrompt = route("POST", "/api/prompts", "member", () => ({
  tags,
  summary: "Share a prompt",
  body: promptCreateSchema,
  response: promptSchema,
  status: 201,
  errors: [400, 401, 413, 422, 429],
}));

export const getPrompt = route("GET", "/api/prompts/:id", "public", () => ({
  tags,
  summary: "One prompt with its per-model votes",
  params: idParamSchema,
  response: promptDetailSchema,
  errors: [400, 404],
}));

export const updatePrompt = route("PUT", "/api/prompts/:id", "owner", () => ({
  tags,
  summary: "Edit your prompt (the share form's fields; moderated)",
  params: idParamSchema,
  body: promptCreateSchema,
  response: promptSchema,
  errors: [400, 401, 403, 404, 413, 422],
}));

export const deletePrompt = route("DELETE", "/api/prompts/:id", "owner", () => ({
  tags,
  summary: "Delete a prompt (its author or an administrator)",
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
}));

export const likePrompt = route("POST", "/api/prompts/:id/like", "member", () => ({
  tags,
  summary: "Toggle the member's like",
  params: idParamSchema,
  response: promptLikeSchema,
  errors: [400, 401, 404],
}));

export const downloadPrompt = route("POST", "/api/prompts/:id/download", "member", () => ({
  tags,
  summary: "Record a copy (counted once per member per prompt)",
  params: idParamSchema,
  response: promptDownloadSchema,
  errors: [400, 401, 404],
}));

export const votePromptModel = route("POST", "/api/prompts/:id/model-votes", "member", () => ({
  tags,
  summary: "Say whether the prompt worked on a model (up, down, or null to take it back)",
  params: idParamSchema,
  body: modelVoteInputSchema,
  response: z.array(modelVoteSchema),
  errors: [400, 401, 404],
}));

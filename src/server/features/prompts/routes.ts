import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema, messageSchema } from "../../../common/http";
import {
  modelVoteInputSchema,
  modelVoteSchema,
  promptCreateSchema,
  promptDetailSchema,
  promptDownloadSchema,
  promptLikeSchema,
  promptListQuerySchema,
  promptSchema,
} from "../../../common/prompts";
import { errorResponses } from "../../platform/http";
import { PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createPromptService } from "./service";

/** The prompt library (SPEC §2.8, §7) with likes, copies and per-model "worked on" votes built for real. */
export const promptRoutes: FastifyPluginAsyncZod = async (app) => {
  const prompts = createPromptService(app.ctx);
  const tags = ["prompts"];

  app.get(
    "/prompts",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags,
        summary:
          "The library: filter by category, aiModel, difficulty or search; sort newest, likes or downloads",
        querystring: promptListQuerySchema,
        response: { 200: z.array(promptSchema), ...errorResponses(400) },
      },
    },
    async (request) => prompts.list(request.user, request.query),
  );

  app.post(
    "/prompts",
    {
      schema: {
        tags,
        summary: "Share a prompt",
        body: promptCreateSchema,
        response: { 201: promptSchema, ...errorResponses(400, 401, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const prompt = await prompts.create(
        requireUser(request, "Please log in to share prompts"),
        request.body,
      );
      return reply.status(201).send(prompt);
    },
  );

  app.get(
    "/prompts/:id",
    {
      schema: {
        tags,
        summary: "One prompt with its per-model votes",
        params: idParamSchema,
        response: { 200: promptDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => prompts.get(request.user, request.params.id),
  );

  app.put(
    "/prompts/:id",
    {
      schema: {
        tags,
        summary: "Edit your prompt (the share form's fields; moderated)",
        params: idParamSchema,
        body: promptCreateSchema,
        response: { 200: promptSchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => prompts.update(requireUser(request), request.params.id, request.body),
  );

  app.delete(
    "/prompts/:id",
    {
      schema: {
        tags,
        summary: "Delete a prompt (its author or an administrator)",
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await prompts.remove(requireUser(request), request.params.id);
      return { message: "Prompt deleted" };
    },
  );

  app.post(
    "/prompts/:id/like",
    {
      schema: {
        tags,
        summary: "Toggle the member's like",
        params: idParamSchema,
        response: { 200: promptLikeSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      prompts.toggleLike(requireUser(request, "Please log in to like prompts"), request.params.id),
  );

  app.post(
    "/prompts/:id/download",
    {
      schema: {
        tags,
        summary: "Record a copy (counted once per member per prompt)",
        params: idParamSchema,
        response: { 200: promptDownloadSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => prompts.recordDownload(requireUser(request), request.params.id),
  );

  app.post(
    "/prompts/:id/model-votes",
    {
      schema: {
        tags,
        summary: "Say whether the prompt worked on a model (up, down, or null to take it back)",
        params: idParamSchema,
        body: modelVoteInputSchema,
        response: { 200: z.array(modelVoteSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      prompts.voteModel(requireUser(request, "Please log in to vote"), request.params.id, request.body),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bookmarkBodySchema,
  bookmarkResultSchema,
  commentBodySchema,
  compareQuerySchema,
  likeBodySchema,
  likeResultSchema,
  MODEL_MESSAGES,
  modelCommentSchema,
  modelDetailSchema,
  modelListQuerySchema,
  modelReviewSchema,
  modelSchema,
  modelSummarySchema,
  rateBodySchema,
  rateResultSchema,
  slugParamSchema,
} from "../../../common/ai-models";
import { idParamSchema, messageSchema, pageQuerySchema } from "../../../common/http";
import { errorResponses } from "../../platform/http";
import { PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createAiModelService, visitorKey } from "./service";

/** The AI model directory (SPEC §2.10–§2.12, §7). Reads are public; every write needs a session. */
export const aiModelRoutes: FastifyPluginAsyncZod = async (app) => {
  const models = createAiModelService(app.ctx);
  const tags = ["ai-models"];

  app.get(
    "/ai-models",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags,
        summary: "The directory: search, category, pricing (comma list), sort; keyset pages",
        querystring: modelListQuerySchema,
        response: { 200: z.array(modelSummarySchema), ...errorResponses(400) },
      },
    },
    async (request) => models.list(request.query),
  );

  // Static path: registered before `/:slug`, and find-my-way prefers it anyway.
  app.get(
    "/ai-models/compare",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags,
        summary: "Models to compare, in the asked order (at most 3 distinct ids; unknown ids left out)",
        querystring: compareQuerySchema,
        response: { 200: z.array(modelSchema), ...errorResponses(400) },
      },
    },
    async (request) => models.compare(request.query.models),
  );

  // Signed-out answers come from the public cache; a cached answer still counts the view.
  app.get(
    "/ai-models/:slug",
    {
      config: {
        publicCache: {
          ttlMs: PUBLIC_CACHE_TTL_MS,
          onHit: (request) =>
            models.recordCachedView((request.params as { slug: string }).slug, visitorKey(request)),
        },
      },
      schema: {
        tags,
        summary: "One model with the viewer's like/bookmark/rating and similar models; counts a view",
        params: slugParamSchema,
        response: { 200: modelDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => models.detail(request.params.slug, request.user, visitorKey(request)),
  );

  app.get(
    "/ai-models/:slug/comments",
    {
      schema: {
        tags,
        summary: "Comments on a model, newest first",
        params: slugParamSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(modelCommentSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => models.comments(request.params.slug, request.user, request.query),
  );

  app.get(
    "/ai-models/:slug/reviews",
    {
      schema: {
        tags,
        summary: "Members' ratings of a model with their review text, newest first",
        params: slugParamSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(modelReviewSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => models.reviews(request.params.slug, request.query),
  );

  app.post(
    "/ai-models/:id/like",
    {
      schema: {
        tags,
        summary: "Toggle the member's like (or set it with { liked })",
        params: idParamSchema,
        body: likeBodySchema,
        response: { 200: likeResultSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      models.like(requireUser(request, MODEL_MESSAGES.loginToLike), request.params.id, request.body?.liked),
  );

  app.post(
    "/ai-models/:id/bookmark",
    {
      schema: {
        tags,
        summary: "Toggle the member's bookmark (or set it with { bookmarked })",
        params: idParamSchema,
        body: bookmarkBodySchema,
        response: { 200: bookmarkResultSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      models.bookmark(
        requireUser(request, MODEL_MESSAGES.loginToBookmark),
        request.params.id,
        request.body?.bookmarked,
      ),
  );

  app.post(
    "/ai-models/:id/comments",
    {
      schema: {
        tags,
        summary: "Comment on a model",
        params: idParamSchema,
        body: commentBodySchema,
        response: { 201: modelCommentSchema, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const comment = await models.comment(
        requireUser(request, MODEL_MESSAGES.loginToComment),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(comment);
    },
  );

  app.post(
    "/ai-models/:id/rate",
    {
      schema: {
        tags,
        summary: "Rate a model 1–5 with an optional review; re-rating replaces the member's rating",
        params: idParamSchema,
        body: rateBodySchema,
        response: { 200: rateResultSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      models.rate(requireUser(request, MODEL_MESSAGES.loginToRate), request.params.id, request.body),
  );

  app.post(
    "/ai-models/comments/:id/like",
    {
      schema: {
        tags,
        summary: "Toggle the member's like of a model comment (or set it with { liked })",
        params: idParamSchema,
        body: likeBodySchema,
        response: { 200: likeResultSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      models.likeComment(
        requireUser(request, MODEL_MESSAGES.loginToLike),
        request.params.id,
        request.body?.liked,
      ),
  );

  app.delete(
    "/ai-models/comments/:id",
    {
      schema: {
        tags,
        summary: "Delete a model comment (its author, or an admin)",
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => models.deleteComment(requireUser(request), request.params.id),
  );
};

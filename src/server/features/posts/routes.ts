import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema, messageSchema, pageQuerySchema } from "../../../common/http";
import {
  commentCreateSchema,
  commentParamsSchema,
  commentSchema,
  commentUpdateSchema,
  likeResultSchema,
  postCreateSchema,
  postListQuerySchema,
  postSchema,
  postSearchQuerySchema,
  postUpdateSchema,
} from "../../../common/posts";
import { errorResponses } from "../../platform/http";
import { PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createPostService } from "./service";

const LOGIN_TO_POST = "Please log in to post";
/** Posts, likes and comments change no member or session row (platform/write-sync.ts). */
const CONTENT_WRITE = { membersUnchanged: true };

/** The home feed (SPEC §7 posts calls, plus comments and the shared post link). */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = createPostService(app.ctx, app.publicCache.shared);

  app.get(
    "/posts",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags: ["posts"],
        summary: "The feed, newest first (limit/cursor; tag filters by hashtag)",
        querystring: postListQuerySchema,
        response: { 200: z.array(postSchema), ...errorResponses(400) },
      },
    },
    async (request) => posts.list(request.user, request.query),
  );

  app.get(
    "/posts/search",
    {
      schema: {
        tags: ["posts"],
        summary: "Full-text search of posts (content, hashtags, model names), best match first",
        querystring: postSearchQuerySchema,
        response: { 200: z.array(postSchema), ...errorResponses(400) },
      },
    },
    async (request) => posts.search(request.user, request.query),
  );

  app.get(
    "/posts/:id",
    {
      schema: {
        tags: ["posts"],
        summary: "One post (the shared link /post/{id}); counts a view",
        params: idParamSchema,
        response: { 200: postSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => posts.open(request.user, request.params.id, request.ip),
  );

  app.post(
    "/posts",
    {
      config: CONTENT_WRITE,
      schema: {
        tags: ["posts"],
        summary: "Publish a post (moderated); with aiModel and rating it is a model review",
        body: postCreateSchema,
        response: { 201: postSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      const post = await posts.create(requireUser(request, LOGIN_TO_POST), request.body);
      return reply.status(201).send(post);
    },
  );

  app.put(
    "/posts/:id",
    {
      config: CONTENT_WRITE,
      schema: {
        tags: ["posts"],
        summary: "Edit your post (moderated)",
        params: idParamSchema,
        body: postUpdateSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => posts.update(requireUser(request), request.params.id, request.body),
  );

  app.delete(
    "/posts/:id",
    {
      config: CONTENT_WRITE,
      schema: {
        tags: ["posts"],
        summary: "Delete your post with its likes and comments",
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => posts.remove(requireUser(request), request.params.id),
  );

  app.post(
    "/posts/:id/like",
    {
      config: CONTENT_WRITE,
      schema: {
        tags: ["posts"],
        summary: "Like or unlike a post; answers whether it is now liked and the like count",
        params: idParamSchema,
        response: { 200: likeResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      posts.toggleLike(requireUser(request, "Please log in to like posts"), request.params.id),
  );

  app.get(
    "/posts/:id/comments",
    {
      schema: {
        tags: ["posts"],
        summary: "A post's comments and replies (parentId), oldest first (limit/cursor)",
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(commentSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => posts.listComments(request.user, request.params.id, request.query),
  );

  app.post(
    "/posts/:id/comments",
    {
      config: CONTENT_WRITE,
      schema: {
        tags: ["posts"],
        summary: "Comment on a post, or reply to a comment with parentId (moderated)",
        params: idParamSchema,
        body: commentCreateSchema,
        response: { 201: commentSchema, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const comment = await posts.addComment(
        requireUser(request, "Please log in to comment"),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(comment);
    },
  );

  app.put(
    "/posts/:postId/comments/:commentId",
    {
      config: CONTENT_WRITE,
      schema: {
        tags: ["posts"],
        summary: "Edit your comment (moderated); it is marked edited",
        params: commentParamsSchema,
        body: commentUpdateSchema,
        response: { 200: commentSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      posts.updateComment(
        requireUser(request),
        request.params.postId,
        request.params.commentId,
        request.body,
      ),
  );

  app.delete(
    "/posts/:postId/comments/:commentId",
    {
      config: CONTENT_WRITE,
      schema: {
        tags: ["posts"],
        summary: 'Delete your comment (one with replies stays as "[deleted]")',
        params: commentParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      posts.deleteComment(requireUser(request), request.params.postId, request.params.commentId),
  );
};

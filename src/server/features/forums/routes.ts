import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
} from "../../../common/forums";
import { idParamSchema, messageSchema, pageQuerySchema } from "../../../common/http";
import { errorResponses } from "../../platform/http";
import { PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createForumService } from "./service";

const SIGN_IN = {
  forum: "Please log in to create a forum",
  join: "Please log in to join forums",
  thread: "Please log in to start a thread",
  reply: "Please log in to reply",
  edit: "Please log in to continue",
} as const;

/**
 * Forums (SPEC §2.7, §7): the list and creation of the spec, plus the forum page the spec
 * leaves open — membership, threads by latest activity, replies in order (DESIGN §4).
 */
export const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  const forums = createForumService(app.ctx);
  const tags = ["forums"];

  app.get(
    "/forums",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags,
        summary: "Forums, oldest first; `search` matches name and description",
        querystring: forumListQuerySchema,
        response: { 200: z.array(forumSchema), ...errorResponses(400) },
      },
    },
    async (request) => forums.list(request.user, request.query),
  );

  app.post(
    "/forums",
    {
      schema: {
        tags,
        summary: "Create a forum (its creator joins it)",
        body: forumCreateSchema,
        response: { 201: forumSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const forum = await forums.create(requireUser(request, SIGN_IN.forum), request.body);
      return reply.status(201).send(forum);
    },
  );

  app.get(
    "/forums/:id",
    {
      schema: {
        tags,
        summary: "One forum",
        params: idParamSchema,
        response: { 200: forumSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => forums.get(request.user, request.params.id),
  );

  app.post(
    "/forums/:id/join",
    {
      schema: {
        tags,
        summary: "Join a forum (idempotent)",
        params: idParamSchema,
        response: { 200: membershipSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => forums.join(requireUser(request, SIGN_IN.join), request.params.id),
  );

  app.delete(
    "/forums/:id/join",
    {
      schema: {
        tags,
        summary: "Leave a forum (idempotent)",
        params: idParamSchema,
        response: { 200: membershipSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => forums.leave(requireUser(request, SIGN_IN.join), request.params.id),
  );

  app.get(
    "/forums/:id/threads",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags,
        summary: "A forum's threads by latest activity; `cursor` is the last thread id seen",
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(threadSummarySchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => forums.listThreads(request.params.id, request.query),
  );

  app.post(
    "/forums/:id/threads",
    {
      schema: {
        tags,
        summary: "Start a thread",
        params: idParamSchema,
        body: threadCreateSchema,
        response: { 201: threadSchema, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const thread = await forums.createThread(
        requireUser(request, SIGN_IN.thread),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(thread);
    },
  );

  app.get(
    "/threads/:id",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags,
        summary: "One thread with its opening message",
        params: idParamSchema,
        response: { 200: threadSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => forums.getThread(request.user, request.params.id),
  );

  app.put(
    "/threads/:id",
    {
      schema: {
        tags,
        summary: "Edit a thread (its author or an administrator)",
        params: idParamSchema,
        body: threadUpdateSchema,
        response: { 200: threadSchema, ...errorResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request) =>
      forums.updateThread(requireUser(request, SIGN_IN.edit), request.params.id, request.body),
  );

  app.delete(
    "/threads/:id",
    {
      schema: {
        tags,
        summary: "Delete a thread and its replies (its author or an administrator)",
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await forums.deleteThread(requireUser(request, SIGN_IN.edit), request.params.id);
      return { message: "Thread deleted" };
    },
  );

  app.get(
    "/threads/:id/replies",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags,
        summary: "A thread's replies in order; `cursor` is the last reply id seen",
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(replySchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => forums.listReplies(request.user, request.params.id, request.query),
  );

  app.post(
    "/threads/:id/replies",
    {
      schema: {
        tags,
        summary: "Reply to a thread; `@username` mentions the member",
        params: idParamSchema,
        body: replyCreateSchema,
        response: { 201: replySchema, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const created = await forums.createReply(
        requireUser(request, SIGN_IN.reply),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/threads/:id/replies/:replyId",
    {
      schema: {
        tags,
        summary: "Edit a reply (its author or an administrator)",
        params: replyParamsSchema,
        body: replyCreateSchema,
        response: { 200: replySchema, ...errorResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request) =>
      forums.updateReply(
        requireUser(request, SIGN_IN.edit),
        request.params.id,
        request.params.replyId,
        request.body,
      ),
  );

  app.delete(
    "/threads/:id/replies/:replyId",
    {
      schema: {
        tags,
        summary: "Delete a reply (its author or an administrator)",
        params: replyParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await forums.deleteReply(requireUser(request, SIGN_IN.edit), request.params.id, request.params.replyId);
      return { message: "Reply deleted" };
    },
  );
};

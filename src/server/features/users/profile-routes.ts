import fs from "node:fs";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema, pageQuerySchema } from "../../../common/http";
import { postSchema } from "../../../common/posts";
import { activityItemSchema, avatarResultSchema, profileStatsSchema } from "../../../common/social";
import { notFound } from "../../platform/errors";
import { errorResponses } from "../../platform/http";
import { requireUser } from "../../platform/session";
import { readSingleUpload } from "../../platform/uploads";
import { AVATAR_FILE_RE, AVATAR_MAX_BYTES, avatarPath } from "./avatar";
import { createProfileService } from "./profile-service";

/**
 * Profile pages: a member's posts, stats and recent activity, and the avatar upload. Its own
 * plugin scope, so multipart bodies are accepted here only.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const profiles = createProfileService(ctx);
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 },
  });
  const limiter = ctx.limiter({ name: "avatar", points: 20, durationSec: 3600 });

  app.get(
    "/users/:id/posts",
    {
      schema: {
        tags: ["users"],
        summary: "A member's posts, newest first (anonymous posts only to their author)",
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(postSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => profiles.posts(request.user, request.params.id, request.query),
  );

  app.get(
    "/users/:id/stats",
    {
      schema: {
        tags: ["users"],
        summary: "A member's figures: posts, likes received, ratings, prompts, threads, followers",
        params: idParamSchema,
        response: { 200: profileStatsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => profiles.stats(request.user, request.params.id),
  );

  app.get(
    "/users/:id/activity",
    {
      schema: {
        tags: ["users"],
        summary: "A member's latest contributions across the site",
        params: idParamSchema,
        querystring: z.object({
          limit: z.coerce
            .number({ error: "limit must be a number" })
            .int("limit must be a whole number")
            .min(1, "limit must be at least 1")
            .max(50, "limit must be at most 50")
            .default(10),
        }),
        response: { 200: z.array(activityItemSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => profiles.activity(request.user, request.params.id, request.query.limit),
  );

  app.post(
    "/profile/avatar",
    {
      schema: {
        tags: ["users"],
        summary: "Upload a profile picture (JPEG, PNG, WebP or GIF, at most 5 MB; stored as a 256 px WebP)",
        consumes: ["multipart/form-data"],
        response: { 200: avatarResultSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request, "Please log in to change your picture");
      await limiter.consume(
        String(user.id),
        "Upload rate limit reached: please wait a few minutes and try again.",
      );
      const buffer = await readSingleUpload(request, "picture");
      return profiles.setAvatar(user, buffer);
    },
  );

  app.delete(
    "/profile/avatar",
    {
      schema: {
        tags: ["users"],
        summary: "Remove the profile picture",
        response: { 200: avatarResultSchema, ...errorResponses(401) },
      },
    },
    async (request) => profiles.removeAvatar(requireUser(request)),
  );

  app.get(
    "/avatars/:file",
    {
      schema: {
        tags: ["users"],
        summary: "A profile picture (cached for a year: names are random and never reused)",
        params: z.object({ file: z.string().regex(AVATAR_FILE_RE, "Not a profile picture name") }),
        response: { 200: z.any().describe("The picture (image/webp)"), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const file = avatarPath(ctx, request.params.file);
      const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
      if (!file || !stat?.isFile()) throw notFound("Picture not found");
      return reply
        .type("image/webp")
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Content-Length", stat.size)
        .send(fs.createReadStream(file));
    },
  );
};

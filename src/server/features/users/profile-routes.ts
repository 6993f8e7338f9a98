import fs from "node:fs";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import * as api from "../../../common/api/users";
import { serve } from "../../platform/contract";
import { notFound } from "../../platform/errors";
import { postEntity, userEntity } from "../../platform/entities";
import { ENTITY_CACHE_TTL_MS, listAnswers } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { readSingleUpload } from "../../platform/uploads";
import { AVATAR_MAX_BYTES, avatarPath } from "./avatar";
import { createProfileService } from "./profile-service";

/**
 * Profile pages: a member's posts, stats and recent activity, and the avatar upload. Its own
 * plugin scope, so multipart bodies are accepted here only.
 */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const profiles = createProfileService(ctx, app.publicCache.shared);
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 },
  });
  const limiter = ctx.limiter({ name: "avatar", points: 20, durationSec: 3600 });

  // A visitor's view of a member's posts is an entity answer (decision 0119): named by the
  // member (a new post of theirs) and by each post it shows (a like, a comment, an edit).
  const memberPosts = {
    config: {
      publicCache: {
        ttlMs: ENTITY_CACHE_TTL_MS,
        entities: (request: FastifyRequest, result: unknown) => [
          userEntity((request.params as { id: number }).id),
          ...(result as Array<{ id: number }>).map((p) => postEntity(p.id)),
        ],
      },
    },
  };
  serve(app, api.listUserPosts, memberPosts, async (request) =>
    profiles.posts(request.user, request.params.id, request.query),
  );
  // A list answer (1 s, emptied by every write): its sums move with likes on the member's posts,
  // which name the post only.
  serve(app, api.getUserStats, listAnswers(), async (request) =>
    profiles.stats(request.user, request.params.id),
  );
  serve(app, api.listUserActivity, {}, async (request) =>
    profiles.activity(request.user, request.params.id, request.query.limit),
  );
  serve(app, api.uploadAvatar, {}, async (request) => {
    const user = requireUser(request, "Please log in to change your picture");
    await limiter.consume(
      String(user.id),
      "Upload rate limit reached: please wait a few minutes and try again.",
    );
    const buffer = await readSingleUpload(request, "picture");
    return profiles.setAvatar(user, buffer);
  });
  serve(app, api.removeAvatar, {}, async (request) => profiles.removeAvatar(requireUser(request)));
  serve(app, api.getAvatar, {}, async (request, reply) => {
    const file = avatarPath(ctx, request.params.file);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw notFound("Picture not found");
    return reply
      .type("image/webp")
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("Content-Length", stat.size)
      .send(fs.createReadStream(file));
  });
};

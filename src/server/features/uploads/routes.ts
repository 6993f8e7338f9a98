import fs from "node:fs";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/uploads";
import { IMAGE_MAX_BYTES } from "../../../common/posts";
import { serve } from "../../platform/contract";
import { notFound } from "../../platform/errors";
import { requireUser } from "../../platform/session";
import { readSingleUpload } from "../../platform/uploads";
import { storeImage, uploadPath } from "./service";

/**
 * Image uploads for posts (src/common/api/uploads.ts): one file of at most 5 MB per request,
 * re-encoded with sharp.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  // Registered here (encapsulated): only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
  });
  const limiter = ctx.limiter({ name: "uploads", points: 30, durationSec: 600 });

  serve(app, api.uploadImage, {}, async (request) => {
    const user = requireUser(request, "Please log in to upload images");
    await limiter.consume(
      String(user.id),
      "Upload rate limit reached: please wait a few minutes and try again.",
    );
    const buffer = await readSingleUpload(request, "image");
    return { url: await storeImage(ctx, buffer) };
  });

  serve(app, api.getUpload, {}, async (request, reply) => {
    const file = uploadPath(ctx, request.params.file);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw notFound("Image not found");
    return reply
      .type("image/webp")
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("Content-Length", stat.size)
      .send(fs.createReadStream(file));
  });
};

import fs from "node:fs";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IMAGE_MAX_BYTES, UPLOAD_FILE_RE, uploadResultSchema } from "../../../common/posts";
import { notFound } from "../../platform/errors";
import { errorResponses } from "../../platform/http";
import { requireUser } from "../../platform/session";
import { readSingleUpload } from "../../platform/uploads";
import { storeImage, uploadPath } from "./service";

/** Image uploads for posts: one file of at most 5 MB per request, re-encoded with sharp. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // Registered here (encapsulated): only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
  });
  const limiter = ctx.limiter({ name: "uploads", points: 30, durationSec: 600 });

  app.post(
    "/uploads/images",
    {
      schema: {
        tags: ["posts"],
        summary: "Upload one image (JPEG, PNG, WebP or GIF, at most 5 MB) for a post",
        consumes: ["multipart/form-data"],
        response: { 201: uploadResultSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, "Please log in to upload images");
      await limiter.consume(
        String(user.id),
        "Upload rate limit reached: please wait a few minutes and try again.",
      );
      const buffer = await readSingleUpload(request, "image");
      const url = await storeImage(ctx, buffer);
      return reply.status(201).send({ url });
    },
  );

  app.get(
    "/uploads/:file",
    {
      schema: {
        tags: ["posts"],
        summary: "An uploaded image (cached for a year: names are random and never reused)",
        params: z.object({ file: z.string().regex(UPLOAD_FILE_RE, "Not an uploaded image name") }),
        response: { 200: z.any().describe("The image (image/webp)"), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const file = uploadPath(ctx, request.params.file);
      const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
      if (!file || !stat?.isFile()) throw notFound("Image not found");
      return reply
        .type("image/webp")
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Content-Length", stat.size)
        .send(fs.createReadStream(file));
    },
  );
};

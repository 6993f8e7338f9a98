import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "./errors";

export const imageTooLarge = () =>
  new AppError(413, "Image is too large: the limit is 5 MB", "payload_too_large");

/**
 * Reads the one file of a multipart upload into memory (the size limit is the multipart plugin's
 * `fileSize`), turning every multipart failure into a 4xx a person understands.
 */
export async function readSingleUpload(request: FastifyRequest, what = "image"): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(`Send the ${what} as multipart/form-data`);
  let buffer: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest("Choose an image file to upload");
    buffer = await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw imageTooLarge();
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
      throw badRequest("Upload one image at a time");
    throw badRequest("The upload could not be read");
  }
  if (buffer.length === 0) throw badRequest("The image file is empty");
  return buffer;
}

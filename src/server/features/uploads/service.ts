import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";
import { lazy } from "../../platform/lazy";
import { UPLOAD_FILE_RE, UPLOAD_URL_PREFIX, UPLOAD_URL_RE } from "../../../common/posts";
import type { AppContext } from "../../platform/context";
import { AppError, badRequest } from "../../platform/errors";

const sharp = lazy<typeof import("sharp").default>("sharp");

/** Formats accepted, detected from the bytes (sharp's decoder), never from the name or type header. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
/** Decompression-bomb guard: a tiny file that decodes to a gigantic bitmap is refused. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_WIDTH = 1600;

export const unsupportedImage = () =>
  new AppError(415, "Unsupported image: upload a JPEG, PNG, WebP or GIF image", "unsupported_media_type");

export function uploadsDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, "uploads");
}

/**
 * Re-encodes an uploaded image: only the first frame, auto-rotated from EXIF and then with
 * every piece of metadata (EXIF, GPS, ICC comments) dropped, at most 1600 px wide, as WebP.
 */
export async function reencodeImage(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    // Reads the header only; the size check below explains a refusal better than sharp's error.
    meta = await sharp()(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw unsupportedImage();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || height <= 0) throw unsupportedImage();
  if (width * height > MAX_INPUT_PIXELS) {
    throw badRequest(
      `Image dimensions are too large: at most ${MAX_INPUT_PIXELS.toLocaleString("en-US")} pixels`,
    );
  }
  try {
    return await sharp()(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest("The image could not be read: it may be damaged");
  }
}

/** Stores a re-encoded image under DATA_DIR/uploads with a random name; answers its URL. */
export async function storeImage(ctx: AppContext, input: Buffer): Promise<string> {
  const output = await reencodeImage(input);
  const name = `${randomBytes(18).toString("base64url")}.webp`;
  const dir = uploadsDir(ctx);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), output, { flag: "wx" });
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** The file behind an upload URL, or null when the URL is not one of ours. */
export function uploadPath(ctx: AppContext, urlOrName: string): string | null {
  const name = urlOrName.startsWith(UPLOAD_URL_PREFIX)
    ? urlOrName.slice(UPLOAD_URL_PREFIX.length)
    : urlOrName;
  if (!UPLOAD_FILE_RE.test(name)) return null;
  return path.join(uploadsDir(ctx), name);
}

export async function uploadExists(ctx: AppContext, url: string): Promise<boolean> {
  if (!UPLOAD_URL_RE.test(url)) return false;
  const file = uploadPath(ctx, url);
  if (!file) return false;
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

export async function removeUpload(ctx: AppContext, url: string): Promise<void> {
  const file = uploadPath(ctx, url);
  if (file) await fs.rm(file, { force: true });
}

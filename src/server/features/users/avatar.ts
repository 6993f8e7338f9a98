import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";
import { lazy } from "../../platform/lazy";
import type { AppContext } from "../../platform/context";
import { AppError, badRequest } from "../../platform/errors";
import { AVATAR_FILE_RE } from "../../../common/social";

const sharp = lazy<typeof import("sharp").default>("sharp");

/** Avatars live apart from post images (`DATA_DIR/avatars`, served at /api/avatars/...). */
export const AVATAR_URL_PREFIX = "/api/avatars/";
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);

export const avatarsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "avatars");

const unsupported = () =>
  new AppError(415, "Unsupported image: upload a JPEG, PNG, WebP or GIF image", "unsupported_media_type");

/**
 * Re-encodes an uploaded picture: the format is detected from the bytes, the first frame is
 * taken, rotated per EXIF, cropped to a centred square of 256 px and written as WebP without
 * any metadata (EXIF, GPS, ICC).
 */
export async function reencodeAvatar(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp()(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw unsupported();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || height <= 0) throw unsupported();
  if (width * height > MAX_INPUT_PIXELS) throw badRequest("Image dimensions are too large");
  try {
    return await sharp()(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest("The image could not be read: it may be damaged");
  }
}

export async function storeAvatar(ctx: AppContext, input: Buffer): Promise<string> {
  const output = await reencodeAvatar(input);
  const name = `${randomBytes(18).toString("base64url")}.webp`;
  const dir = avatarsDir(ctx);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), output, { flag: "wx" });
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** The file behind an avatar URL, or null when it is not one of ours. */
export function avatarPath(ctx: AppContext, urlOrName: string): string | null {
  const name = urlOrName.startsWith(AVATAR_URL_PREFIX)
    ? urlOrName.slice(AVATAR_URL_PREFIX.length)
    : urlOrName;
  if (!AVATAR_FILE_RE.test(name)) return null;
  return path.join(avatarsDir(ctx), name);
}

export async function removeAvatarFile(ctx: AppContext, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const file = avatarPath(ctx, url);
  if (file) await fs.rm(file, { force: true }).catch(() => {});
}

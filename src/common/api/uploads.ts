import { z } from "zod";
import { UPLOAD_FILE_RE, uploadResultSchema } from "../posts";
import { route } from "./route";

/** Image uploads for posts: one file of at most 5 MB per request, re-encoded on the server. */
const tags = ["posts"];

export const uploadImage = route("POST", "/api/uploads/images", "member", () => ({
  tags,
  summary: "Upload one image (JPEG, PNG, WebP or GIF, at most 5 MB) for a post",
  body: "multipart" as const,
  response: uploadResultSchema,
  status: 201,
  errors: [400, 401, 413, 415, 429],
}));

export const getUpload = route("GET", "/api/uploads/:file", "public", () => ({
  tags,
  summary: "An uploaded image (cached for a year: names are random and never reused)",
  params: z.object({ file: z.string().regex(UPLOAD_FILE_RE, "Not an uploaded image name") }),
  response: z.any().describe("The image (image/webp)"),
  errors: [400, 404],
}));

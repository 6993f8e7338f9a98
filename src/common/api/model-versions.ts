import { slugParamSchema } from "../ai-models";
import { idParamSchema, messageSchema } from "../http";
import { modelVersionInputSchema, modelVersionSchema, modelVersionsSchema } from "../model-versions";
import { route } from "./route";

/** Model versions (issue 23 item 4, docs/decisions/0114 and 0115). */
const tags = ["model-versions"];

export const listModelVersions = route("GET", "/api/ai-models/:slug/versions", "public", () => ({
  tags,
  summary:
    "A model's versions, newest release first, each with its mean rating and count, and whether the newest version's ratings changed beyond chance",
  params: slugParamSchema,
  response: modelVersionsSchema,
  errors: [404],
}));

export const createModelVersion = route("POST", "/api/admin/ai-models/:id/versions", "admin", () => ({
  tags,
  summary: "Add a version to a model (name unique per model, case-insensitively); audit-logged",
  params: idParamSchema,
  body: modelVersionInputSchema,
  response: modelVersionSchema,
  status: 201,
  errors: [400, 401, 403, 404, 409],
}));

export const updateModelVersion = route("PUT", "/api/admin/model-versions/:id", "admin", () => ({
  tags,
  summary: "Edit a version's name, release date and notes; audit-logged",
  params: idParamSchema,
  body: modelVersionInputSchema,
  response: modelVersionSchema,
  errors: [400, 401, 403, 404, 409],
}));

export const deleteModelVersion = route("DELETE", "/api/admin/model-versions/:id", "admin", () => ({
  tags,
  summary: "Delete a version: its reviews and battles stay, without a version; audit-logged",
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
}));

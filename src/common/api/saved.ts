import { savedSchema } from "../ai-models";
import { pageQuerySchema } from "../http";
import {
  saveBodySchema,
  savedItemParamSchema,
  savedKindParamSchema,
  savedPageSchema,
  savedWhichQuerySchema,
  savedWhichSchema,
  saveResultSchema,
} from "../saved";
import { route } from "./route";

const tags = ["saved"];

/** The member's saved models (the Models tab of /saved). */
export const listSaved = route("GET", "/api/saved", "member", () => ({
  tags,
  summary: "The signed-in member's bookmarked models, most recently saved first",
  query: pageQuerySchema,
  response: savedSchema,
  errors: [400, 401],
}));

/** One tab of /saved: saved posts, threads or prompts (decision 0099). */
export const listSavedItems = route("GET", "/api/saved/:kind", "member", () => ({
  tags,
  summary: "The member's saved posts, threads or prompts, most recently saved first; keyset pages",
  params: savedKindParamSchema,
  query: pageQuerySchema,
  response: savedPageSchema,
  errors: [400, 401],
}));

export const savedWhich = route("GET", "/api/saved/:kind/which", "member", () => ({
  tags,
  summary: "Which of the given ids the member saved (the Save toggles' state)",
  params: savedKindParamSchema,
  query: savedWhichQuerySchema,
  response: savedWhichSchema,
  errors: [400, 401],
}));

export const saveItem = route("POST", "/api/saved/:kind/:id", "member", () => ({
  tags,
  summary: "Save or unsave a post, thread or prompt ({ saved }); idempotent",
  params: savedItemParamSchema,
  body: saveBodySchema,
  response: saveResultSchema,
  errors: [400, 401, 404, 429],
}));

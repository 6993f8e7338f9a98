import {
  catalogListQuerySchema,
  catalogModelInputSchema,
  catalogModelSchema,
  catalogPageSchema,
  catalogResultSchema,
  retireBodySchema,
  reviewQueueQuerySchema,
} from "../catalog";
import { idParamSchema } from "../http";
import { route } from "./route";

/** Catalog editing and the review queue (issue 23 items 5 and 7, docs/decisions/0116 and 0117). Admins only. */
const tags = ["catalog"];

export const listCatalogModels = route("GET", "/api/admin/catalog/models", "admin", () => ({
  tags,
  summary: "Every model, listed and retired, by name; search by name or company; keyset pages",
  query: catalogListQuerySchema,
  response: catalogPageSchema,
  errors: [400, 401, 403],
}));

export const getCatalogModel = route("GET", "/api/admin/catalog/models/:id", "admin", () => ({
  tags,
  summary: "One model's editable facts, its slug and its old slugs",
  params: idParamSchema,
  response: catalogModelSchema,
  errors: [400, 401, 403, 404],
}));

export const createCatalogModel = route("POST", "/api/admin/catalog/models", "admin", () => ({
  tags,
  summary: "Create a model (slug from the name unless given); audit-logged",
  body: catalogModelInputSchema,
  response: catalogResultSchema,
  status: 201,
  errors: [400, 401, 403, 409],
}));

export const updateCatalogModel = route("PUT", "/api/admin/catalog/models/:id", "admin", () => ({
  tags,
  summary:
    "Edit every fact of a model; a new slug keeps the old one as a redirect; audit-logged with the changes",
  params: idParamSchema,
  body: catalogModelInputSchema,
  response: catalogResultSchema,
  errors: [400, 401, 403, 404, 409],
}));

export const retireCatalogModel = route("POST", "/api/admin/catalog/models/:id/retire", "admin", () => ({
  tags,
  summary: "Retire a model: it leaves the directory, search, pickers and best picks; its page stays",
  params: idParamSchema,
  body: retireBodySchema,
  response: catalogResultSchema,
  errors: [400, 401, 403, 404, 409],
}));

export const restoreCatalogModel = route("POST", "/api/admin/catalog/models/:id/restore", "admin", () => ({
  tags,
  summary: "Bring a retired model back into the directory",
  params: idParamSchema,
  response: catalogResultSchema,
  errors: [401, 403, 404, 409],
}));

export const verifyCatalogModel = route("POST", "/api/admin/catalog/models/:id/verify", "admin", () => ({
  tags,
  summary: "Mark a model's facts verified today (the app's clock); audit-logged",
  params: idParamSchema,
  response: catalogResultSchema,
  errors: [401, 403, 404],
}));

export const catalogReviewQueue = route("GET", "/api/admin/catalog/review-queue", "admin", () => ({
  tags,
  summary:
    "Listed models whose facts were never verified or not in the last 90 days, oldest first; keyset pages",
  query: reviewQueueQuerySchema,
  response: catalogPageSchema,
  errors: [400, 401, 403],
}));

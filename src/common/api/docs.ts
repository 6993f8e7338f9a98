import { route } from "./route";

/** The OpenAPI document of this API (generated from the contract); not listed in itself. */
export const openApiDocument = route("GET", "/api/docs", "public", () => ({
  tags: ["docs"],
  summary: "The OpenAPI document of this API",
  hide: true,
}));

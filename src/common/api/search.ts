import { searchQuerySchema, searchResultSchema } from "../social";
import { route } from "./route";

/** Global search (SPEC §7, §9): the header's search dialog. */
export const globalSearch = route("GET", "/api/search", "public", () => ({
  tags: ["search"],
  summary: "Global search: posts and prompts by full-text relevance, members by username similarity",
  query: searchQuerySchema,
  response: searchResultSchema,
  errors: [400, 429],
}));

import { savedSchema } from "../ai-models";
import { pageQuerySchema } from "../http";
import { route } from "./route";

/** The member's saved items (the /saved page): bookmarked models now; saved posts can join here. */
export const listSaved = route("GET", "/api/saved", "member", () => ({
  tags: ["saved"],
  summary: "The signed-in member's bookmarked models, most recently saved first",
  query: pageQuerySchema,
  response: savedSchema,
  errors: [400, 401],
}));

import { exploreSchema } from "../trending";
import { route } from "./route";

/** The explore page: top models by category, active forums, popular prompts, members to follow. */
export const getExplore = route("GET", "/api/explore", "public", () => ({
  tags: ["discovery"],
  summary: "Discovery mix: top models per category, active forums, popular prompts and suggested members",
  response: exploreSchema,
}));

import { z } from "zod";
import { creatorSchema, creatorsQuerySchema } from "../trending";
import { route } from "./route";

/** The creators directory: members ranked by followers and likes received, by generation. */
export const listCreators = route("GET", "/api/creators", "public", () => ({
  tags: ["discovery"],
  summary: "Members ranked by followers, then likes received (generation filter; limit/cursor)",
  query: creatorsQuerySchema,
  response: z.array(creatorSchema),
  errors: [400],
}));

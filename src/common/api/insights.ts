import { insightsSchema } from "../insights";
import { route } from "./route";

/** SPEC §2.13: the generation profiles with live figures. */
export const getInsights = route("GET", "/api/generational-insights", "public", () => ({
  tags: ["discovery"],
  summary:
    "Per generation: profile, age range, member count, 2 most recent posts, favorite models, top hashtags",
  response: insightsSchema,
}));

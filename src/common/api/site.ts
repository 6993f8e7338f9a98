import { publicConfigSchema } from "../site";
import { route } from "./route";

/** Settings the client needs at run time (never secrets). */
export const getPublicConfig = route("GET", "/api/public-config", "public", () => ({
  tags: ["site"],
  summary: "Public run-time settings for the client",
  response: publicConfigSchema,
}));

import { z } from "zod";
import {
  adminFeatureFlagSchema,
  featureFlagSchema,
  featureFlagUpdateSchema,
  flagKeyParamSchema,
} from "../feature-flags";
import { route } from "./route";

/** SPEC §3/§9 feature flags: the caller's active flags, and the admin tab's list and edits. */

export const listActiveFlags = route("GET", "/api/feature-flags", "public", () => ({
  tags: ["feature-flags"],
  summary: "The flags active for the caller: environment from the Host name, rollout by member (SPEC §9)",
  response: z.array(featureFlagSchema),
}));

export const listFlags = route("GET", "/api/admin/feature-flags", "admin", () => ({
  tags: ["admin"],
  summary: "Every feature flag with its rules",
  response: z.array(adminFeatureFlagSchema),
  errors: [401, 403],
}));

export const updateFlag = route("PUT", "/api/admin/feature-flags/:key", "admin", () => ({
  tags: ["admin"],
  summary: "Change a flag's enabled state, rollout percentage or environments",
  params: flagKeyParamSchema,
  body: featureFlagUpdateSchema,
  response: adminFeatureFlagSchema,
  errors: [400, 401, 403, 404],
}));

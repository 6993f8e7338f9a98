import { z } from "zod";
import { route } from "./route";

/** Liveness and readiness, for load balancers and orchestrators. */
const tags = ["ops"];

export const health = route("GET", "/api/health", "public", () => ({
  tags,
  summary: "Liveness: the process answers",
  response: z.object({ status: z.literal("ok"), uptime: z.number() }),
}));

export const ready = route("GET", "/api/ready", "public", () => ({
  tags,
  summary: "Readiness: the database answers (Redis is reported, but only degrades the app)",
  response: z.object({
    status: z.literal("ready"),
    database: z.string(),
    redis: z.enum(["up", "down", "off"]),
  }),
  errors: [503],
}));

import { z } from "zod";

/**
 * Feature flags (SPEC §3, §9): the one evaluation shared by the server (which answers
 * `GET /api/feature-flags` with the flags active for the caller) and the client (the admin tab
 * shows whether each flag is active for the admin here). Pure functions only: no I/O.
 */

export const FLAG_ENVIRONMENTS = ["development", "staging", "production"] as const;
export type FlagEnvironment = (typeof FLAG_ENVIRONMENTS)[number];

export const FLAG_ENVIRONMENT_LABELS: Record<FlagEnvironment, string> = {
  development: "Development",
  staging: "Staging",
  production: "Production",
};

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0"]);

/** The host name without a port ("example.com:5000" → "example.com", "[::1]:80" → "[::1]"). */
export function hostNameOf(host: string | null | undefined): string {
  const h = (host ?? "").trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1) || h;
  const colon = h.indexOf(":");
  // More than one colon without brackets is a bare IPv6 address: keep it whole.
  if (colon >= 0 && h.indexOf(":", colon + 1) === -1) return h.slice(0, colon);
  return h;
}

/**
 * The environment a request runs in, from its host name. SPEC §9: "staging" when the host name
 * contains "staging", otherwise "production". Our addition (docs/decisions/0028): a developer's
 * own machine (localhost, a loopback address, `*.localhost`) is "development", so the flags the
 * spec lists for "dev" can be exercised somewhere.
 */
export function environmentFromHost(host: string | null | undefined): FlagEnvironment {
  const name = hostNameOf(host);
  if (name.includes("staging")) return "staging";
  if (LOCAL_HOSTS.has(name) || name.endsWith(".localhost")) return "development";
  return "production";
}

/**
 * A stable 32-bit string hash (Java's `String.hashCode`: h = 31·h + code unit, wrapping), so the
 * same member always lands in the same bucket on every instance, browser and release.
 */
export function stableHash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return h;
}

/** The member's rollout bucket for a flag, 0-99: |hash(userId + flagKey)| mod 100. */
export function rolloutBucket(userId: number | string, flagKey: string): number {
  return Math.abs(stableHash(`${userId}${flagKey}`)) % 100;
}

export interface FlagRule {
  key: string;
  enabled: boolean;
  rolloutPercentage: number;
  environments: readonly string[];
}

/**
 * SPEC §9: a flag is active only if the environment is listed, it is enabled, and, for a rollout
 * under 100, the member's bucket is below the percentage. A visitor (no user id) has no stable
 * bucket, so a partial rollout never includes them; a full rollout does.
 */
export function isFlagActiveFor(
  flag: FlagRule,
  caller: { userId: number | null | undefined; environment: FlagEnvironment },
): boolean {
  if (!flag.enabled) return false;
  if (!flag.environments.includes(caller.environment)) return false;
  if (flag.rolloutPercentage >= 100) return true;
  if (caller.userId === null || caller.userId === undefined) return false;
  return rolloutBucket(caller.userId, flag.key) < flag.rolloutPercentage;
}

// ---------------------------------------------------------------- API shapes

export const FLAG_KEY_RE = /^[a-z][a-z0-9_]{1,63}$/;

export const flagKeyParamSchema = z.object({
  key: z
    .string({ error: "key must be text" })
    .regex(FLAG_KEY_RE, "key must be lower-case letters, digits and underscores"),
});

export const featureFlagSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  rolloutPercentage: z.number().int(),
  environments: z.array(z.enum(FLAG_ENVIRONMENTS)),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

/** What the admin tab shows: the flag plus when and by whom it was last changed. */
export const adminFeatureFlagSchema = featureFlagSchema.extend({
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type AdminFeatureFlag = z.infer<typeof adminFeatureFlagSchema>;

export const FLAG_MESSAGES = {
  notFound: "Feature flag not found",
  empty: "Change at least one of enabled, rolloutPercentage or environments",
  rollout: "Rollout percentage must be a whole number from 0 to 100",
  environments: "Environments must be development, staging or production",
} as const;

export const featureFlagUpdateSchema = z
  .strictObject({
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
    rolloutPercentage: z
      .number({ error: FLAG_MESSAGES.rollout })
      .int(FLAG_MESSAGES.rollout)
      .min(0, FLAG_MESSAGES.rollout)
      .max(100, FLAG_MESSAGES.rollout)
      .optional(),
    environments: z
      .array(z.enum(FLAG_ENVIRONMENTS, { error: FLAG_MESSAGES.environments }), {
        error: FLAG_MESSAGES.environments,
      })
      .max(FLAG_ENVIRONMENTS.length, FLAG_MESSAGES.environments)
      .optional(),
    /** Why, for the audit log. */
    reason: z.string({ error: "reason must be text" }).trim().max(500, "Reason is too long").optional(),
  })
  .refine(
    (v) => v.enabled !== undefined || v.rolloutPercentage !== undefined || v.environments !== undefined,
    { message: FLAG_MESSAGES.empty },
  );
export type FeatureFlagUpdate = z.infer<typeof featureFlagUpdateSchema>;

// ---------------------------------------------------------------- the twelve flags of SPEC §9

const DEV: FlagEnvironment[] = ["development"];
const DEV_STAGING: FlagEnvironment[] = ["development", "staging"];
const ALL: FlagEnvironment[] = ["development", "staging", "production"];

/** Seeded once each; an admin's later edits are never overwritten (seed inserts missing keys only). */
export const DEFAULT_FEATURE_FLAGS: FeatureFlag[] = [
  {
    key: "real_time_chat",
    name: "Real-time Chat",
    description: "Live chat rooms between members.",
    enabled: false,
    rolloutPercentage: 0,
    environments: DEV_STAGING,
  },
  {
    key: "live_activity_feed",
    name: "Live Activity Feed",
    description: "New posts and reactions appear in the feed as they happen.",
    enabled: false,
    rolloutPercentage: 10,
    environments: DEV,
  },
  {
    key: "advanced_search",
    name: "Advanced Search",
    description: "Filters and operators in the global search.",
    enabled: true,
    rolloutPercentage: 100,
    environments: ALL,
  },
  {
    key: "lazy_loading",
    name: "Lazy Loading",
    description: "Images and long lists load as they scroll into view.",
    enabled: false,
    rolloutPercentage: 50,
    environments: DEV_STAGING,
  },
  {
    key: "notification_system",
    name: "Notification System",
    description: "The next generation of in-app notifications.",
    enabled: false,
    rolloutPercentage: 0,
    environments: DEV,
  },
  {
    key: "user_presence",
    name: "User Presence",
    description: "Shows which members are online now.",
    enabled: false,
    rolloutPercentage: 25,
    environments: DEV,
  },
  {
    key: "rich_text_editor",
    name: "Rich Text Editor",
    description: "Formatting toolbar in the post composer.",
    enabled: false,
    rolloutPercentage: 0,
    environments: DEV,
  },
  {
    key: "post_reactions",
    name: "Post Reactions",
    description: "Emoji reactions on posts besides likes.",
    enabled: false,
    rolloutPercentage: 0,
    environments: DEV,
  },
  {
    key: "ai_assistant",
    name: "AI Assistant",
    description: "An assistant that helps draft posts and prompts.",
    enabled: false,
    rolloutPercentage: 0,
    environments: DEV,
  },
  {
    key: "smart_recommendations",
    name: "Smart Recommendations",
    description: "Suggested posts, prompts and members based on activity.",
    enabled: true,
    rolloutPercentage: 100,
    environments: ALL,
  },
  {
    key: "advanced_analytics",
    name: "Advanced Analytics",
    description: "Detailed charts on the analytics page.",
    enabled: true,
    rolloutPercentage: 100,
    environments: ALL,
  },
  {
    key: "performance_monitoring",
    name: "Performance Monitoring",
    description: "Collects page-load and interaction timings.",
    enabled: false,
    rolloutPercentage: 100,
    environments: DEV_STAGING,
  },
];

import { listActiveFlags } from "../../../common/api/feature-flags";
import {
  DEFAULT_FEATURE_FLAGS,
  environmentFromHost,
  type FlagRule,
  isFlagActiveFor,
} from "../../../common/feature-flags";
import { urlOf } from "../../api/client";

/**
 * Feature flags as `GET /api/feature-flags` answers them: the flags active for the caller
 * (SPEC §3, §9). The server's answer decides; only while there is none (loading, a 404, an
 * error or an unexpected body) does the client evaluate the spec's defaults (`flagActiveFor`,
 * docs/decisions/0047).
 */
export interface ClientFeatureFlag {
  key: string;
  name: string;
  description: string | null;
  enabled: boolean;
  rolloutPercentage: number | null;
  environments: string[];
}

export const FEATURE_FLAGS_URL = urlOf(listActiveFlags);

/**
 * Keeps the well-formed entries of an answer (an entry needs a string `key`; a missing `enabled`
 * means on, since the server lists the flags active for the caller). A plain guard rather than
 * zod: flags may be read from shared layout code, where zod would weigh on the first load.
 */
export function parseFeatureFlags(body: unknown): ClientFeatureFlag[] {
  if (!Array.isArray(body)) return [];
  const flags: ClientFeatureFlag[] = [];
  for (const entry of body) {
    if (!entry || typeof entry !== "object") continue;
    const f = entry as Record<string, unknown>;
    if (typeof f.key !== "string" || f.key === "") continue;
    flags.push({
      key: f.key,
      name: typeof f.name === "string" ? f.name : f.key,
      description: typeof f.description === "string" ? f.description : null,
      enabled: f.enabled !== false,
      rolloutPercentage: typeof f.rolloutPercentage === "number" ? f.rolloutPercentage : null,
      environments: Array.isArray(f.environments)
        ? f.environments.filter((e): e is string => typeof e === "string")
        : [],
    });
  }
  return flags;
}

type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The server's answer, or null when there is none (404, an error, a network failure or a body
 * that is not a list): the caller then falls back to the spec's defaults (`flagActiveFor`).
 */
export async function loadFeatureFlags(
  fetcher: Fetcher = (input, init) => fetch(input, init),
): Promise<ClientFeatureFlag[] | null> {
  try {
    const res = await fetcher(FEATURE_FLAGS_URL, {
      credentials: "include",
      headers: { Accept: "application/json" },
    });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return Array.isArray(body) ? parseFeatureFlags(body) : null;
  } catch {
    return null;
  }
}

export async function fetchFeatureFlags(
  fetcher: Fetcher = (input, init) => fetch(input, init),
): Promise<ClientFeatureFlag[]> {
  return (await loadFeatureFlags(fetcher)) ?? [];
}

/** A flag gates its feature when the server listed it for the caller and it is enabled. */
export function isFlagActive(flags: readonly ClientFeatureFlag[], key: string): boolean {
  return flags.some((flag) => flag.key === key && flag.enabled);
}

/**
 * Whether a screen shows the part flag `key` gates (docs/decisions/0047): the
 * server's answer decides once it has come; until then, or when there is none, the spec's
 * seeded defaults are evaluated here the way the server does (SPEC §9: environment from the
 * host name, enabled, and under a partial rollout the stable hash of user id plus flag key
 * modulo 100 below the percentage). So a flag that is on for everyone never flickers off
 * while the answer loads, and one an admin turned off disappears as soon as it arrives.
 */
export function flagActiveFor(
  answer: readonly ClientFeatureFlag[] | null | undefined,
  key: string,
  caller: { userId: number | null; host: string },
  defaults: readonly FlagRule[] = DEFAULT_FEATURE_FLAGS,
): boolean {
  if (answer) return isFlagActive(answer, key);
  const rule = defaults.find((f) => f.key === key);
  if (!rule) return false;
  return isFlagActiveFor(rule, { userId: caller.userId, environment: environmentFromHost(caller.host) });
}

/**
 * Feature flags as `GET /api/feature-flags` answers them: the flags active for the caller
 * (SPEC §3, §9). The client never evaluates rollout itself; it only reads what the server
 * answered. A missing endpoint (404), an error or an unexpected body means "no flags".
 */
export interface ClientFeatureFlag {
  key: string;
  name: string;
  description: string | null;
  enabled: boolean;
  rolloutPercentage: number | null;
  environments: string[];
}

export const FEATURE_FLAGS_URL = "/api/feature-flags";

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

export async function fetchFeatureFlags(
  fetcher: Fetcher = (input, init) => fetch(input, init),
): Promise<ClientFeatureFlag[]> {
  try {
    const res = await fetcher(FEATURE_FLAGS_URL, {
      credentials: "include",
      headers: { Accept: "application/json" },
    });
    if (!res.ok) return [];
    return parseFeatureFlags(await res.json());
  } catch {
    return [];
  }
}

/** A flag gates its feature when the server listed it for the caller and it is enabled. */
export function isFlagActive(flags: readonly ClientFeatureFlag[], key: string): boolean {
  return flags.some((flag) => flag.key === key && flag.enabled);
}

import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../auth/useAuth";
import { type ClientFeatureFlag, FEATURE_FLAGS_URL, flagActiveFor, loadFeatureFlags } from "./flags";

/** Per caller: rollout depends on the member, so the answer is cached per user id. */
export const flagKeys = {
  all: () => [FEATURE_FLAGS_URL] as const,
  forUser: (userId: number | null) => [FEATURE_FLAGS_URL, userId ?? "anonymous"] as const,
};

/**
 * The flags active for the caller as the server answered them (none while loading or without an
 * answer); `isActive` falls back to the spec's defaults until an answer has come (`flagActiveFor`).
 */
export function useFeatureFlags(): {
  flags: ClientFeatureFlag[];
  isLoading: boolean;
  isActive: (key: string) => boolean;
} {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: flagKeys.forUser(user?.id ?? null),
    queryFn: () => loadFeatureFlags(),
  });
  const answer = query.data ?? null;
  const caller = { userId: user?.id ?? null, host: window.location.host };
  return {
    flags: answer ?? [],
    isLoading: query.isLoading,
    isActive: (key) => flagActiveFor(answer, key, caller),
  };
}

/** True when the flag `key` is active for the caller (e.g. `useFlag("advanced_search")`). */
export function useFlag(key: string): boolean {
  return useFeatureFlags().isActive(key);
}

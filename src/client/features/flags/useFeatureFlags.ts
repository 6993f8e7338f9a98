import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../auth/useAuth";
import { type ClientFeatureFlag, FEATURE_FLAGS_URL, fetchFeatureFlags, isFlagActive } from "./flags";

/** Per caller: rollout depends on the member, so the answer is cached per user id. */
export const flagKeys = {
  all: () => [FEATURE_FLAGS_URL] as const,
  forUser: (userId: number | null) => [FEATURE_FLAGS_URL, userId ?? "anonymous"] as const,
};

/** The flags active for the caller; none while loading or when the server has no flags call. */
export function useFeatureFlags(): {
  flags: ClientFeatureFlag[];
  isLoading: boolean;
  isActive: (key: string) => boolean;
} {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: flagKeys.forUser(user?.id ?? null),
    queryFn: () => fetchFeatureFlags(),
  });
  const flags = query.data ?? [];
  return { flags, isLoading: query.isLoading, isActive: (key) => isFlagActive(flags, key) };
}

/** True when the flag `key` is active for the caller (e.g. `useFlag("advanced_search")`). */
export function useFlag(key: string): boolean {
  return useFeatureFlags().isActive(key);
}

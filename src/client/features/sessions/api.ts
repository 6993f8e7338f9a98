import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  endOtherSessions,
  endSessionById,
  getSecurityPreferences,
  listSessions,
  updateSecurityPreferences,
} from "../../../common/api/sessions";
import { call, routeKey } from "../../api/client";

export const sessionKeys = {
  list: routeKey(listSessions),
  preferences: routeKey(getSecurityPreferences),
};

/** The member's sessions, newest first, a page at a time (keyset). */
export function useSessions() {
  return useInfiniteQuery({
    queryKey: sessionKeys.list,
    queryFn: ({ pageParam }) => call(listSessions, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useSessionsChange<T, R>(fn: (input: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}

export const useEndSession = () =>
  useSessionsChange((id: number) => call(endSessionById, { params: { id } }));
export const useEndOtherSessions = () => useSessionsChange(() => call(endOtherSessions));

export function useSecurityPreferences() {
  return useQuery({ queryKey: sessionKeys.preferences, queryFn: () => call(getSecurityPreferences) });
}

export function useUpdateSecurityPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (newBrowserEmail: boolean) => call(updateSecurityPreferences, { body: { newBrowserEmail } }),
    onSuccess: (prefs) => qc.setQueryData(sessionKeys.preferences, prefs),
  });
}

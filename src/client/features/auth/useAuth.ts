import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, LoginInput, RegisterInput } from "../../../common/auth";
import { TIMING } from "../../../common/constants";
import { apiRequest } from "../../api/http";
import { getQueryFn } from "../../api/queryClient";

export const authKeys = { me: ["/api/auth/me"] as const };

/**
 * The server marks a page it sent to a browser that had no session cookie (platform/static.ts):
 * there is no session to ask about, so the first GET /api/auth/me (a 401, which the browser logs
 * as a console error) is skipped and the visitor is signed out from the start (docs/decisions/0036).
 */
const sentWithoutSession =
  typeof document !== "undefined" &&
  document.querySelector('meta[name="agora-session"][content="none"]') !== null;

/** The signed-in member, or null; cached 5 minutes, no retry (SPEC §7, §9). */
export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: authKeys.me,
    queryFn: getQueryFn({ on401: "returnNull" }),
    staleTime: TIMING.currentUserStaleMs,
    retry: false,
    ...(sentWithoutSession ? { initialData: null } : {}),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data) };
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<CurrentUser>("POST", "/api/auth/login", input),
    onSuccess: (user) => {
      qc.setQueryData(authKeys.me, user);
      return qc.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<CurrentUser>("POST", "/api/auth/register", input),
    onSuccess: (user) => {
      qc.setQueryData(authKeys.me, user);
      return qc.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

/** Logout refreshes the current user and clears the whole client cache (SPEC §4). */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/logout"),
    onSettled: () => {
      qc.clear();
      qc.setQueryData(authKeys.me, null);
    },
  });
}

import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getMe, login, logout, register } from "../../../common/api/auth";
import type { CurrentUser, LoginInput, RegisterInput } from "../../../common/auth";
import { TIMING } from "../../../common/constants";
import { call, routeKey } from "../../api/client";
import { ApiError } from "../../api/http";

export const authKeys = { me: routeKey(getMe) };

/** The signed-in member, or null when there is none (a 401). */
async function fetchMe(): Promise<CurrentUser | null> {
  try {
    return await call(getMe);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

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
    queryFn: fetchMe,
    staleTime: TIMING.currentUserStaleMs,
    retry: false,
    ...(sentWithoutSession ? { initialData: null } : {}),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data) };
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call(login, { body: input }),
    onSuccess: (result) => {
      // Two-factor sign-in on: no session yet, the screen asks for the second step.
      if ("twoFactorRequired" in result) return;
      return signedIn(qc, result);
    },
  });
}

/** A session now exists for `user` (after the password, or the password and a second step). */
export function signedIn(qc: QueryClient, user: CurrentUser) {
  qc.setQueryData(authKeys.me, user);
  return qc.invalidateQueries({ queryKey: authKeys.me });
}

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => call(register, { body: input }),
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
    mutationFn: () => call(logout),
    onSettled: () => {
      qc.clear();
      qc.setQueryData(authKeys.me, null);
    },
  });
}

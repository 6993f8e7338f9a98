import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, ProfileUpdateInput, PublicUser } from "../../../common/auth";
import { apiRequest } from "../../api/http";
import { authKeys } from "../auth/useAuth";

export const userKeys = { detail: (id: number | string) => [`/api/users/${id}`] as const };

export function useUser(id: number | string | undefined) {
  return useQuery<PublicUser>({
    queryKey: userKeys.detail(id ?? ""),
    enabled: id !== undefined && id !== "",
  });
}

/** PUT /api/profile, then the current user is refreshed (SPEC §7). */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => apiRequest<CurrentUser>("PUT", "/api/profile", input),
    onSuccess: (user) => {
      qc.setQueryData(authKeys.me, user);
      return qc.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, ProfileUpdateInput, PublicUser } from "../../../common/auth";
import type { NotificationPreferences, NotificationPreferencesUpdate } from "../../../common/notifications";
import type { Post } from "../../../common/posts";
import type {
  AccountDeleteInput,
  ActivityItem,
  EmailChangeInput,
  FollowResult,
  FollowStatus,
  PasswordChangeInput,
  ProfileStats,
  UserSummary,
} from "../../../common/social";
import { apiRequest, getJson, withQuery } from "../../api/http";
import { authKeys } from "../auth/useAuth";

export const PROFILE_POSTS_PAGE = 10;

export const userKeys = {
  detail: (id: number | string) => [`/api/users/${id}`] as const,
  stats: (id: number | string) => [`/api/users/${id}`, "stats"] as const,
  activity: (id: number | string) => [`/api/users/${id}`, "activity"] as const,
  followingStatus: (id: number | string) => [`/api/users/${id}`, "following-status"] as const,
  followList: (id: number | string, direction: "followers" | "following") =>
    [`/api/users/${id}`, direction] as const,
  /** Under the posts prefix, so liking or editing a post anywhere updates this list too. */
  posts: (id: number | string) => ["/api/posts", "by-author", Number(id)] as const,
  preferences: ["/api/account/notification-preferences"] as const,
};

export function useUser(id: number | string | undefined) {
  return useQuery<PublicUser>({
    queryKey: userKeys.detail(id ?? ""),
    enabled: id !== undefined && id !== "",
  });
}

export function useUserStats(id: number | undefined) {
  return useQuery<ProfileStats>({ queryKey: userKeys.stats(id ?? 0), enabled: id !== undefined });
}

export function useUserActivity(id: number | undefined) {
  return useQuery<ActivityItem[]>({ queryKey: userKeys.activity(id ?? 0), enabled: id !== undefined });
}

/** The member's posts, newest first, with "Load More" (keyset on the last id). */
export function useUserPosts(id: number | undefined) {
  return useInfiniteQuery({
    queryKey: userKeys.posts(id ?? 0),
    queryFn: ({ pageParam }) =>
      getJson<Post[]>(
        withQuery(`/api/users/${id}/posts`, { limit: PROFILE_POSTS_PAGE, cursor: pageParam || undefined }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last: Post[]) =>
      last.length === PROFILE_POSTS_PAGE ? last[last.length - 1]!.id : undefined,
    enabled: id !== undefined,
  });
}

export function useFollowList(id: number, direction: "followers" | "following", enabled: boolean) {
  return useQuery<UserSummary[]>({
    queryKey: userKeys.followList(id, direction),
    queryFn: () => getJson<UserSummary[]>(withQuery(`/api/users/${id}/${direction}`, { limit: 100 })),
    enabled,
  });
}

export function useFollowStatus(id: number | undefined, enabled: boolean) {
  return useQuery<FollowStatus>({
    queryKey: userKeys.followingStatus(id ?? 0),
    queryFn: () => getJson<FollowStatus>(`/api/users/${id}/following-status`),
    enabled: enabled && id !== undefined,
  });
}

/** POST or DELETE /api/users/:id/follow; the counts come back from the server. */
export function useFollowMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiRequest<FollowResult>(follow ? "POST" : "DELETE", `/api/users/${id}/follow`),
    onSuccess: (result) => {
      qc.setQueryData<FollowStatus>(userKeys.followingStatus(id), { isFollowing: result.isFollowing });
      qc.setQueryData<PublicUser>(userKeys.detail(id), (u) =>
        u ? { ...u, followersCount: result.followersCount } : u,
      );
      void qc.invalidateQueries({ queryKey: userKeys.stats(id) });
      void qc.invalidateQueries({ queryKey: userKeys.followList(id, "followers") });
      // The signed-in member's own "following" count changed too.
      void qc.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

/** PUT /api/profile, then the current user is refreshed (SPEC §7). */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => apiRequest<CurrentUser>("PUT", "/api/profile", input),
    onSuccess: (user) => {
      qc.setQueryData(authKeys.me, user);
      void qc.invalidateQueries({ queryKey: userKeys.detail(user.id) });
      return qc.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

function useAvatarDone() {
  const qc = useQueryClient();
  return (result: { avatar: string | null }) => {
    qc.setQueryData<CurrentUser | null>(authKeys.me, (u) => (u ? { ...u, avatar: result.avatar } : u));
    void qc.invalidateQueries({ queryKey: authKeys.me });
    void qc.invalidateQueries({ queryKey: ["/api/posts"] });
  };
}

export function useUploadAvatar() {
  const done = useAvatarDone();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return apiRequest<{ avatar: string | null }>("POST", "/api/profile/avatar", form);
    },
    onSuccess: done,
  });
}

export function useRemoveAvatar() {
  const done = useAvatarDone();
  return useMutation({
    mutationFn: () => apiRequest<{ avatar: string | null }>("DELETE", "/api/profile/avatar"),
    onSuccess: done,
  });
}

// --- Settings -----------------------------------------------------------------------------------

export function useNotificationPreferences(enabled: boolean) {
  return useQuery<NotificationPreferences>({ queryKey: userKeys.preferences, enabled });
}

export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationPreferencesUpdate) =>
      apiRequest<NotificationPreferences>("PUT", "/api/account/notification-preferences", update),
    onSuccess: (prefs) => qc.setQueryData(userKeys.preferences, prefs),
  });
}

export function useChangeEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeInput) => apiRequest<CurrentUser>("PUT", "/api/account/email", input),
    onSuccess: (user) => qc.setQueryData(authKeys.me, user),
  });
}

/** Mails a new verification link to the member's address (issue 25). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>("POST", "/api/account/verification-email"),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      apiRequest<{ message: string }>("PUT", "/api/account/password", input),
  });
}

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountDeleteInput) =>
      apiRequest<{ message: string }>("DELETE", "/api/account", input),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(authKeys.me, null);
    },
  });
}

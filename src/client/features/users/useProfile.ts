import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  changeEmail,
  changePassword,
  deleteAccount,
  getNotificationPreferences,
  resendVerificationEmail,
  updateNotificationPreferences,
} from "../../../common/api/account";
import {
  followUser,
  getFollowingStatus,
  listFollowers,
  listFollowing,
  unfollowUser,
} from "../../../common/api/follows";
import { listPosts } from "../../../common/api/posts";
import {
  getUser,
  getUserStats,
  listUserActivity,
  listUserPosts,
  removeAvatar,
  updateProfile,
  uploadAvatar,
} from "../../../common/api/users";
import type { CurrentUser, ProfileUpdateInput, PublicUser } from "../../../common/auth";
import type { NotificationPreferencesUpdate } from "../../../common/notifications";
import type { Post } from "../../../common/posts";
import type {
  AccountDeleteInput,
  EmailChangeInput,
  FollowStatus,
  PasswordChangeInput,
} from "../../../common/social";
import { call, routeKey, urlOf } from "../../api/client";
import { authKeys } from "../auth/useAuth";

export const PROFILE_POSTS_PAGE = 10;

/**
 * A member's queries all start with their profile's URL, so invalidating `userKeys.detail(id)`
 * refreshes their stats, activity and follow lists too.
 */
const userUrl = (id: number | string) => urlOf(getUser, { params: { id } });

export const userKeys = {
  detail: (id: number | string) => [userUrl(id)] as const,
  stats: (id: number | string) => [userUrl(id), "stats"] as const,
  activity: (id: number | string) => [userUrl(id), "activity"] as const,
  followingStatus: (id: number | string) => [userUrl(id), "following-status"] as const,
  followList: (id: number | string, direction: "followers" | "following") =>
    [userUrl(id), direction] as const,
  /** Under the posts prefix, so liking or editing a post anywhere updates this list too. */
  posts: (id: number | string) => routeKey(listPosts, "by-author", Number(id)),
  preferences: routeKey(getNotificationPreferences),
};

export function useUser(id: number | string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ""),
    queryFn: () => call(getUser, { params: { id: id ?? "" } }),
    enabled: id !== undefined && id !== "",
  });
}

export function useUserStats(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.stats(id ?? 0),
    queryFn: () => call(getUserStats, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useUserActivity(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.activity(id ?? 0),
    queryFn: () => call(listUserActivity, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

/** The member's posts, newest first, with "Load More" (keyset on the last id). */
export function useUserPosts(id: number | undefined) {
  return useInfiniteQuery({
    queryKey: userKeys.posts(id ?? 0),
    queryFn: ({ pageParam }) =>
      call(listUserPosts, {
        params: { id: id ?? 0 },
        query: { limit: PROFILE_POSTS_PAGE, cursor: pageParam || undefined },
      }),
    initialPageParam: 0,
    getNextPageParam: (last: Post[]) =>
      last.length === PROFILE_POSTS_PAGE ? last[last.length - 1]!.id : undefined,
    enabled: id !== undefined,
  });
}

export function useFollowList(id: number, direction: "followers" | "following", enabled: boolean) {
  return useQuery({
    queryKey: userKeys.followList(id, direction),
    queryFn: () =>
      call(direction === "followers" ? listFollowers : listFollowing, {
        params: { id },
        query: { limit: 100 },
      }),
    enabled,
  });
}

export function useFollowStatus(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.followingStatus(id ?? 0),
    queryFn: () => call(getFollowingStatus, { params: { id: id ?? 0 } }),
    enabled: enabled && id !== undefined,
  });
}

/** POST or DELETE /api/users/:id/follow; the counts come back from the server. */
export function useFollowMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => call(follow ? followUser : unfollowUser, { params: { id } }),
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
    mutationFn: (input: ProfileUpdateInput) => call(updateProfile, { body: input }),
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
    void qc.invalidateQueries({ queryKey: routeKey(listPosts) });
  };
}

export function useUploadAvatar() {
  const done = useAvatarDone();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return call(uploadAvatar, { body: form });
    },
    onSuccess: done,
  });
}

export function useRemoveAvatar() {
  const done = useAvatarDone();
  return useMutation({
    mutationFn: () => call(removeAvatar),
    onSuccess: done,
  });
}

// --- Settings -----------------------------------------------------------------------------------

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.preferences,
    queryFn: () => call(getNotificationPreferences),
    enabled,
  });
}

export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationPreferencesUpdate) =>
      call(updateNotificationPreferences, { body: update }),
    onSuccess: (prefs) => qc.setQueryData(userKeys.preferences, prefs),
  });
}

export function useChangeEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeInput) => call(changeEmail, { body: input }),
    onSuccess: (user) => qc.setQueryData(authKeys.me, user),
  });
}

/** Mails a new verification link to the member's address (issue 25). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => call(resendVerificationEmail),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => call(changePassword, { body: input }),
  });
}

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountDeleteInput) => call(deleteAccount, { body: input }),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(authKeys.me, null);
    },
  });
}

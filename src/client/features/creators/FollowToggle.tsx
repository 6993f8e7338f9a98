import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { type FollowResult, SOCIAL_MESSAGES } from "../../../common/social";
import { followUser, unfollowUser } from "../../../common/api/follows";
import { getUser } from "../../../common/api/users";
import { call, urlOf } from "../../api/client";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { discoveryKeys } from "./api";

/**
 * Follow / unfollow (SPEC §4): followUser / unfollowUser (src/common/api/follows.ts); "Following..." or
 * "Unfollowing..." while pending; the state comes back from the server. Lists that show
 * follower counts and the member's profile are refreshed afterwards.
 */
export function FollowToggle({
  userId,
  username,
  initiallyFollowing,
  onChange,
}: {
  userId: number;
  username: string;
  initiallyFollowing: boolean;
  onChange?: (result: FollowResult) => void;
}) {
  const qc = useQueryClient();
  const [isFollowing, setFollowing] = useState(initiallyFollowing);
  const mutation = useMutation({
    mutationFn: (follow: boolean) => call(follow ? followUser : unfollowUser, { params: { id: userId } }),
    onSuccess: (result) => {
      setFollowing(result.isFollowing);
      onChange?.(result);
      // Every query of the member starts with their profile's URL (users/useProfile.ts userKeys).
      void qc.invalidateQueries({ queryKey: [urlOf(getUser, { params: { id: userId } })] });
      void qc.invalidateQueries({ queryKey: discoveryKeys.creatorsAll });
      // Suggestions refresh on the next visit, not under the member's cursor.
      void qc.invalidateQueries({ queryKey: discoveryKeys.explore, refetchType: "none" });
    },
    onError: () => toast({ title: SOCIAL_MESSAGES.followLogin, variant: "destructive" }),
  });
  const pending = mutation.isPending;
  const label = pending
    ? mutation.variables
      ? SOCIAL_MESSAGES.following
      : SOCIAL_MESSAGES.unfollowing
    : isFollowing
      ? "Unfollow"
      : "Follow";
  return (
    <Button
      size="sm"
      variant={isFollowing ? "outline" : "primary"}
      disabled={pending}
      aria-pressed={isFollowing}
      aria-label={pending ? `${label} ${username}` : `${isFollowing ? "Unfollow" : "Follow"} ${username}`}
      onClick={() => mutation.mutate(!isFollowing)}
    >
      {isFollowing ? (
        <UserMinus className="h-4 w-4" aria-hidden="true" />
      ) : (
        <UserPlus className="h-4 w-4" aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}

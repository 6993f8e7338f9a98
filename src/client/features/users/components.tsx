import {
  FileText,
  Heart,
  MessageCircle,
  MessageSquare,
  Reply,
  Sparkles,
  Star,
  UserMinus,
  UserPlus,
} from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { PublicUser } from "../../../common/auth";
import { aiModelLabel } from "../../../common/models";
import { ACTIVITY_LABELS, type ActivityKind, SOCIAL_MESSAGES } from "../../../common/social";
import { formatRelativeTime } from "../../../common/time";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { Markdown } from "../../ui/markdown";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { EmptyState } from "../../ui/empty-state";
import { GenerationBadge } from "../../ui/generation-badge";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { focusIsLost } from "../../ui/keep-focus";
import { PostCard } from "../posts/PostCard";
import {
  useFollowList,
  useFollowMutation,
  useFollowStatus,
  useUserActivity,
  useUserPosts,
  useUserStats,
} from "./useProfile";

/** Follow / Unfollow with "Following..." / "Unfollowing..." while pending (SPEC §4, §8). */
export function FollowButton({ userId }: { userId: number }) {
  const status = useFollowStatus(userId, true);
  const mutation = useFollowMutation(userId);
  const button = useRef<HTMLButtonElement>(null);
  const isFollowing = status.data?.isFollowing ?? false;
  const pendingFollow = mutation.isPending && mutation.variables === true;
  const pendingUnfollow = mutation.isPending && mutation.variables === false;
  const label = pendingFollow
    ? SOCIAL_MESSAGES.following
    : pendingUnfollow
      ? SOCIAL_MESSAGES.unfollowing
      : isFollowing
        ? "Unfollow"
        : "Follow";
  return (
    <Button
      variant={isFollowing ? "outline" : "primary"}
      aria-disabled={status.isLoading}
      pending={mutation.isPending}
      aria-pressed={isFollowing}
      ref={button}
      onClick={() =>
        mutation.mutate(!isFollowing, {
          onError: () => toast({ title: SOCIAL_MESSAGES.followLogin, variant: "destructive" }),
          // The button stays where it was: if the focus fell to the body meanwhile, it comes back.
          onSettled: () => {
            if (focusIsLost()) button.current?.focus();
          },
        })
      }
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

function FollowListDialog({
  userId,
  direction,
  count,
}: {
  userId: number;
  direction: "followers" | "following";
  count: number;
}) {
  const [open, setOpen] = useState(false);
  const list = useFollowList(userId, direction, open);
  const title = direction === "followers" ? "Followers" : "Following";
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      trigger={
        <button
          type="button"
          className="rounded text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`${title}: ${count}. Show the list`}
        >
          <span className="block text-muted-foreground">{title}</span>
          <span className="block font-semibold tabular-nums" data-testid={`${direction}-count`}>
            {count}
          </span>
        </button>
      }
    >
      {list.isLoading ? (
        <Spinner />
      ) : (list.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {direction === "followers" ? "No followers yet." : "Not following anyone yet."}
        </p>
      ) : (
        <ul className="max-h-96 space-y-2 overflow-y-auto">
          {list.data!.map((u) => (
            <li key={u.id}>
              <Link
                to={`/profile/${u.id}`}
                onClick={() => setOpen(false)}
                className="flex items-center gap-3 rounded-md p-2 hover:bg-muted"
              >
                <Avatar src={u.avatar} name={u.username} size={32} />
                <span className="font-medium">{u.username}</span>
                <GenerationBadge generation={u.generation} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** Avatar, name, generation, bio, follower counts and favorite models of a member. */
export function ProfileHeader({ user, actions }: { user: PublicUser; actions?: React.ReactNode }) {
  return (
    <Card className="p-6">
      {/* Stacked on a phone, side by side from `sm` up; long names and bios wrap inside the card. */}
      <div className="flex flex-col items-start gap-5 sm:flex-row">
        <Avatar src={user.avatar} name={user.username} size={80} />
        <div className="w-full min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-2xl font-bold wrap-anywhere">{user.username}</h2>
            <GenerationBadge generation={user.generation} />
          </div>
          {user.bio ? (
            <Markdown source={user.bio} className="mt-2 text-muted-foreground" />
          ) : (
            <p className="mt-2 text-muted-foreground">No bio yet.</p>
          )}
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <FollowListDialog userId={user.id} direction="followers" count={user.followersCount} />
            <FollowListDialog userId={user.id} direction="following" count={user.followingCount} />
          </div>
          {user.favoriteModels.length > 0 ? (
            <p className="mt-3 text-sm wrap-anywhere">
              <span className="text-muted-foreground">Favorite models: </span>
              {user.favoriteModels.map(aiModelLabel).join(", ")}
            </p>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </Card>
  );
}

/** Real figures from the database (no placeholders). */
export function ProfileStatsGrid({ userId }: { userId: number }) {
  const stats = useUserStats(userId);
  const items = [
    { label: "Posts", value: stats.data?.posts, icon: FileText },
    { label: "Likes received", value: stats.data?.likesReceived, icon: Heart },
    { label: "Ratings", value: stats.data?.ratings, icon: Star },
    { label: "Prompts", value: stats.data?.prompts, icon: Sparkles },
  ];
  return (
    <section aria-labelledby="profile-stats-heading" className="mt-6">
      <h2 id="profile-stats-heading" className="sr-only">
        Statistics
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="p-4">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Icon className="h-4 w-4" aria-hidden="true" /> {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{value ?? "–"}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

const ACTIVITY_ICONS: Record<ActivityKind, typeof FileText> = {
  post: FileText,
  comment: MessageCircle,
  thread: MessageSquare,
  reply: Reply,
  prompt: Sparkles,
  rating: Star,
  "model-comment": MessageCircle,
};

export function RecentActivity({ userId }: { userId: number }) {
  const activity = useUserActivity(userId);
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="mb-3 text-xl font-semibold">
        Recent activity
      </h2>
      {activity.isLoading ? (
        <Spinner />
      ) : (activity.data ?? []).length === 0 ? (
        <EmptyState
          title="No activity yet"
          description="Posts, comments, threads and prompts will show here."
        />
      ) : (
        <Card>
          <ul>
            {activity.data!.map((item) => {
              const Icon = ACTIVITY_ICONS[item.kind];
              return (
                <li key={`${item.kind}-${item.id}`} className="border-b border-border last:border-b-0">
                  <Link to={item.url} className="flex items-start gap-3 p-4 hover:bg-muted/50">
                    <Icon className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium">{ACTIVITY_LABELS[item.kind]}</span>
                      <span className="block truncate text-sm text-muted-foreground">{item.text}</span>
                    </span>
                    <time dateTime={item.createdAt} className="shrink-0 text-xs text-muted-foreground">
                      {formatRelativeTime(item.createdAt)}
                    </time>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </section>
  );
}

export function MemberPosts({ userId, emptyText }: { userId: number; emptyText: string }) {
  const posts = useUserPosts(userId);
  const items = posts.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="member-posts-heading">
      <h2 id="member-posts-heading" className="mb-3 text-xl font-semibold">
        Posts
      </h2>
      {posts.isLoading ? (
        <Spinner />
      ) : posts.isError ? (
        <p className="text-sm text-destructive">Failed to fetch posts</p>
      ) : items.length === 0 ? (
        <EmptyState title="No posts yet" description={emptyText} />
      ) : (
        <div className="space-y-4">
          {items.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
          {posts.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                disabled={posts.isFetchingNextPage}
                onClick={() => void posts.fetchNextPage()}
              >
                {posts.isFetchingNextPage ? "Loading..." : "Load More Posts"}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

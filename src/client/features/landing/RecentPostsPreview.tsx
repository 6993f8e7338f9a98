import type { QueryClient } from "@tanstack/react-query";
import { EyeOff, Heart, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { markdownToPlainText } from "../../../common/markdown";
import { formatPostAge } from "../../../common/time";
import { Avatar } from "../../ui/avatar";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { GenerationBadge } from "../../ui/generation-badge";
import { Spinner } from "../../ui/spinner";
import { recentPostsQuery, useRecentPosts } from "../posts/api";

const PREVIEW_COUNT = 3;

/** Preview of the 3 most recent community posts (SPEC §2.3); each opens its shared link. */
export function RecentPostsPreview() {
  const recent = useRecentPosts(PREVIEW_COUNT);
  if (recent.isLoading) return <Spinner label="Loading recent posts..." className="mt-4" />;
  const posts = recent.data ?? [];
  if (posts.length === 0) {
    return (
      <EmptyState
        className="mt-4"
        title="No posts yet"
        description="Be the first to share an experience with an AI model."
      />
    );
  }
  return (
    <ul className="mt-4 grid gap-4 md:grid-cols-3" aria-label="Recent posts">
      {posts.map((p) => (
        <li key={p.id}>
          <Card className="flex h-full flex-col gap-3 p-5">
            <div className="flex items-center gap-3">
              {p.author.id === null ? (
                <span
                  aria-hidden="true"
                  className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-muted"
                >
                  <EyeOff className="h-4 w-4 text-muted-foreground" />
                </span>
              ) : (
                <Avatar src={p.author.avatar} name={p.author.username} size={36} />
              )}
              <div className="min-w-0">
                <p className="truncate font-semibold">{p.author.username}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={p.createdAt} suppressHydrationWarning>
                    {formatPostAge(p.createdAt)}
                  </time>
                </p>
              </div>
              {p.author.generation ? (
                <span className="ml-auto">
                  <GenerationBadge generation={p.author.generation} />
                </span>
              ) : null}
            </div>
            <p className="line-clamp-4 flex-1 wrap-anywhere text-sm">{markdownToPlainText(p.content)}</p>
            <div className="flex items-center gap-4 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Heart className="h-4 w-4" aria-hidden="true" /> {p.likes}
                <span className="sr-only">likes</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageCircle className="h-4 w-4" aria-hidden="true" /> {p.comments}
                <span className="sr-only">comments</span>
              </span>
              <Link to={`/post/${p.id}`} className="ml-auto text-primary hover:underline">
                Read post<span className="sr-only"> by {p.author.username}</span>
              </Link>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** What the server fetches for the preview before rendering the landing page. */
export const prefetchRecentPosts = (client: QueryClient) =>
  client.prefetchQuery(recentPostsQuery(PREVIEW_COUNT));

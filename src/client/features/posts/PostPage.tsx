import { Link, useNavigate, useParams } from "react-router";
import { markdownToPlainText } from "../../../common/markdown";
import { ApiError } from "../../api/http";
import { clip, statusOf, titled } from "../../head";
import type { LoaderArgs, PageHead } from "../../route-module";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { commentsQuery, postQuery, usePost } from "./api";
import { PostCard } from "./PostCard";

/** The shared link /post/{id}: one post with its comments, for signed-in and signed-out readers. */
export default function PostPage() {
  const { id } = useParams();
  const postId = Number(id);
  const navigate = useNavigate();
  const post = usePost(postId);
  const valid = Number.isInteger(postId) && postId > 0;
  const missing = !valid || (post.error instanceof ApiError && post.error.status === 404);

  return (
    <Page title="Post" className="max-w-3xl">
      {missing ? (
        <EmptyState
          title="Post not found"
          description="It may have been deleted by its author."
          action={
            <Button variant="outline" asChild>
              <Link to="/">Back to the feed</Link>
            </Button>
          }
        />
      ) : post.isLoading ? (
        <Spinner label="Loading post..." />
      ) : post.isError || !post.data ? (
        <EmptyState
          title="Failed to load the post"
          action={
            <Button variant="outline" onClick={() => post.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : (
        <PostCard post={post.data} defaultShowComments onDeleted={() => navigate("/")} />
      )}
    </Page>
  );
}

/** The server's render of a shared post: the post as a visitor may see it (a stealth post's author is "Anonymous"). */
/** The post and its first page of comments: a reader without JavaScript sees the conversation too. */
export const loader = ({ params, client }: LoaderArgs) =>
  Promise.all([
    client.prefetchQuery(postQuery(Number(params.id))),
    client.prefetchInfiniteQuery(commentsQuery(Number(params.id))),
  ]);

export function head({ params, client }: LoaderArgs): PageHead {
  const { queryKey } = postQuery(Number(params.id));
  const post = client.getQueryData(queryKey);
  if (!post) return { status: statusOf(client, queryKey) === 404 || !(Number(params.id) > 0) ? 404 : 200 };
  return {
    title: titled(`Post by ${post.author.username}`),
    description: clip(markdownToPlainText(post.content)),
    path: `/post/${post.id}`,
    type: "article",
  };
}

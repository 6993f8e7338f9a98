import { Eye, EyeOff, Heart, MessageCircle, Pencil, Share2, Trash2 } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Link } from "react-router";
import { aiModelLabel } from "../../../common/models";
import { countOf } from "../../../common/plural";
import { POST_MESSAGES, type Post } from "../../../common/posts";
import { formatPostAge } from "../../../common/time";
import { ApiError, errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { GenerationBadge } from "../../ui/generation-badge";
import { Markdown } from "../../ui/markdown";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { MemberMenu } from "../blocks";
import { ReportButton } from "../reports/ReportButton";
import { SaveButton } from "../saved";
import { useLikePost } from "./api";
import { EditedMark } from "../history";
import { DeletePostDialog, EditPostDialog, preloadEditPostForm } from "./PostDialogs";
import { StarRatingDisplay } from "./StarRating";

// The comment thread (its forms and the Markdown editor) loads when a card's comments open, so
// the routes that list post cards stay within their size budgets (decision 0106).
const CommentThread = lazy(() => import("./CommentThread").then((m) => ({ default: m.CommentThread })));

function AuthorLine({ post, linkable }: { post: Post; linkable: boolean }) {
  const { author } = post;
  const name = author.username;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {author.id === null ? (
        <span
          aria-hidden="true"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground"
        >
          <EyeOff className="h-5 w-5" />
        </span>
      ) : (
        <Avatar src={author.avatar} name={name} />
      )}
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {author.id !== null && linkable ? (
            <Link to={`/profile/${author.id}`} className="font-semibold hover:underline">
              {name}
            </Link>
          ) : (
            <span className="font-semibold">{name}</span>
          )}
          {author.generation ? <GenerationBadge generation={author.generation} /> : null}
          {post.isAnonymous && (author.id !== null || post.isOwn) ? (
            <Badge tone="warning">
              <EyeOff className="h-3 w-3" aria-hidden="true" />{" "}
              {post.isOwn ? "Posted anonymously" : "Anonymous post"}
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-wrap items-baseline gap-x-2">
          <Link to={`/post/${post.id}`} className="text-sm text-muted-foreground hover:underline">
            <time dateTime={post.createdAt} suppressHydrationWarning>
              {formatPostAge(post.createdAt)}
            </time>
          </Link>
          {post.updatedAt !== post.createdAt ? (
            <EditedMark kind="posts" id={post.id} editedAt={post.updatedAt} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * One post of the feed: author with generation badge, model and stars when it is a review,
 * relative age, like, comments, and edit/delete for its author only (SPEC §2.6, §6).
 */
export function PostCard({
  post,
  defaultShowComments = false,
  onDeleted,
}: {
  post: Post;
  defaultShowComments?: boolean;
  onDeleted?: () => void;
}) {
  const { isAuthenticated } = useAuth();
  const like = useLikePost();
  const [showComments, setShowComments] = useState(defaultShowComments);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const threadId = useId();

  const toggleLike = () =>
    like.mutate(post.id, {
      onError: (err) =>
        toast({
          title:
            err instanceof ApiError && err.status !== 401
              ? errorMessage(err, POST_MESSAGES.likeLogin)
              : POST_MESSAGES.likeLogin,
          variant: "destructive",
        }),
    });

  const share = async () => {
    const url = `${window.location.origin}/post/${post.id}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: url });
    } catch {
      toast({ title: "Share this post", description: url });
    }
  };

  return (
    <Card className="p-5" data-testid="post-card">
      {/* j / k focus the post (features/shortcuts), which marks it data-shortcut-focus for its ring
          while focused; tabIndex -1 keeps it out of the Tab order. */}
      <article
        aria-label={`Post by ${post.author.username}`}
        data-post-card=""
        data-post-id={post.id}
        tabIndex={-1}
        className="scroll-mt-24 space-y-3 rounded-md focus-visible:outline-2 focus-visible:outline-offset-8 focus-visible:outline-ring data-[shortcut-focus]:outline-2 data-[shortcut-focus]:outline-offset-8 data-[shortcut-focus]:outline-ring"
      >
        <div className="flex items-start justify-between gap-3">
          <AuthorLine post={post} linkable={isAuthenticated} />
          {post.isOwn ? (
            <div className="flex shrink-0 gap-1">
              <Button
                variant="ghost"
                size="icon"
                aria-label="Edit post"
                onPointerEnter={preloadEditPostForm}
                onFocus={preloadEditPostForm}
                onClick={() => setEditing(true)}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" aria-label="Delete post" onClick={() => setDeleting(true)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </div>

        {post.aiModel ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="outline">{aiModelLabel(post.aiModel)}</Badge>
            {post.rating ? <StarRatingDisplay rating={post.rating} /> : null}
          </div>
        ) : null}

        <Markdown source={post.content} />

        {post.image ? (
          <img
            src={post.image}
            alt={`Attachment shared by ${post.author.username}`}
            loading="lazy"
            className="max-h-[32rem] w-full rounded-lg border border-border object-contain bg-muted"
          />
        ) : null}

        <div className="flex flex-wrap items-center gap-1 border-t border-border pt-3 text-sm">
          {isAuthenticated ? (
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={post.isLiked}
              data-shortcut="like"
              aria-label={`Like post, ${countOf(post.likes, "like")}`}
              onClick={toggleLike}
              pending={like.isPending}
            >
              <Heart
                className={cn("h-4 w-4", post.isLiked && "fill-red-500 text-red-500")}
                aria-hidden="true"
              />
              <span aria-hidden="true">{post.likes}</span>
            </Button>
          ) : (
            <span className="inline-flex h-8 items-center gap-2 px-3 text-muted-foreground">
              <Heart className="h-4 w-4" aria-hidden="true" /> {post.likes}
              <span className="sr-only">likes</span>
            </span>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showComments}
            data-shortcut="comments"
            aria-controls={threadId}
            aria-label={`Comments, ${post.comments}`}
            onClick={() => setShowComments((v) => !v)}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
            <span aria-hidden="true">{post.comments}</span>
          </Button>
          <span className="inline-flex h-8 items-center gap-2 px-3 text-muted-foreground">
            <Eye className="h-4 w-4" aria-hidden="true" /> {post.views}
            <span className="sr-only">views</span>
          </span>
          <SaveButton kind="posts" id={post.id} />
          {isAuthenticated && !post.isOwn ? (
            <ReportButton targetType="post" targetId={post.id} className="ml-auto" />
          ) : null}
          {isAuthenticated && !post.isOwn && !post.isAnonymous && post.author.id ? (
            <MemberMenu userId={post.author.id} username={post.author.username} />
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className={isAuthenticated && !post.isOwn ? undefined : "ml-auto"}
            aria-label="Copy link to post"
            onClick={share}
          >
            <Share2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>

        {showComments ? (
          <Suspense fallback={<Spinner label="Loading comments..." />}>
            <CommentThread id={threadId} postId={post.id} canComment={isAuthenticated} />
          </Suspense>
        ) : null}
      </article>

      {post.isOwn ? (
        <>
          <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />
          <DeletePostDialog post={post} open={deleting} onOpenChange={setDeleting} onDeleted={onDeleted} />
        </>
      ) : null}
    </Card>
  );
}

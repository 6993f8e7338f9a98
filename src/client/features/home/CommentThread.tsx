import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { type ModerationBanner as Banner, moderationBannerFor } from "../../../common/moderation";
import type { Comment } from "../../../common/posts";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { usePreferences } from "../../layout/preferences";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { Label, Textarea } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { ReportButton } from "../reports/ReportButton";
import { useAddComment, useComments, useDeleteComment } from "./api";
import { ModerationBanner } from "./ModerationBanner";

function CommentItem({ comment, postId }: { comment: Comment; postId: number }) {
  const remove = useDeleteComment(postId);
  const { isAuthenticated } = useAuth();
  const name = comment.author.username;
  return (
    <li className="flex gap-3">
      <Avatar src={comment.author.avatar} name={name} size={32} />
      <div className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2">
        <div className="flex flex-wrap items-center gap-x-2 text-sm">
          {comment.author.id && isAuthenticated ? (
            <Link to={`/profile/${comment.author.id}`} className="font-semibold hover:underline">
              {name}
            </Link>
          ) : (
            <span className="font-semibold">{name}</span>
          )}
          <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
            {formatRelativeTime(comment.createdAt)}
          </time>
          {comment.isOwn ? (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto h-7 px-2 text-muted-foreground"
              aria-label="Delete comment"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(comment.id, {
                  onError: (err) =>
                    toast({
                      title: "Failed to delete comment",
                      description: errorMessage(err, "Please try again."),
                      variant: "destructive",
                    }),
                })
              }
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          ) : isAuthenticated ? (
            <ReportButton
              targetType="comment"
              targetId={comment.id}
              className="ml-auto h-7 px-2 text-muted-foreground"
            />
          ) : null}
        </div>
        <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm">{comment.content}</p>
      </div>
    </li>
  );
}

function CommentForm({ postId }: { postId: number }) {
  const [content, setContent] = useState("");
  const [banner, setBanner] = useState<Banner | null>(null);
  const { stealth } = usePreferences();
  const add = useAddComment(postId);
  const fieldId = `comment-${postId}`;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!content.trim()) return;
    try {
      await add.mutateAsync({ content, isAnonymous: stealth });
      setContent("");
    } catch (err) {
      const message = errorMessage(err, "Failed to add comment");
      setBanner(moderationBannerFor(message));
      toast({ title: "Failed to add comment", description: message, variant: "destructive" });
    }
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <Label htmlFor={fieldId} className="sr-only">
        Write a comment
      </Label>
      <Textarea
        id={fieldId}
        rows={2}
        className="min-h-16"
        placeholder={stealth ? "Comment anonymously..." : "Write a comment..."}
        value={content}
        onChange={(e) => {
          setContent(e.target.value);
          setBanner(null);
        }}
      />
      <ModerationBanner banner={banner} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={!content.trim() || add.isPending}>
          {add.isPending ? "Posting..." : "Comment"}
        </Button>
      </div>
    </form>
  );
}

/** A post's comment thread; signed-out readers see it read-only. */
export function CommentThread({
  postId,
  canComment,
  id,
}: {
  postId: number;
  canComment: boolean;
  id?: string;
}) {
  const comments = useComments(postId);
  const list = comments.data?.pages.flat() ?? [];
  return (
    <section id={id} aria-label="Comments" className="space-y-3 border-t border-border pt-4">
      {comments.isLoading ? <Spinner label="Loading comments..." className="p-2" /> : null}
      {comments.isError ? <p className="text-sm text-destructive">Failed to load comments</p> : null}
      {comments.isSuccess && list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet</p>
      ) : null}
      {list.length > 0 ? (
        <ul className="space-y-3">
          {list.map((c) => (
            <CommentItem key={c.id} comment={c} postId={postId} />
          ))}
        </ul>
      ) : null}
      {comments.hasNextPage ? (
        <Button
          variant="link"
          size="sm"
          onClick={() => comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
        >
          {comments.isFetchingNextPage ? "Loading..." : "Load more comments"}
        </Button>
      ) : null}
      {canComment ? (
        <CommentForm postId={postId} />
      ) : (
        <p className="text-sm text-muted-foreground">
          <Link to="/auth" className="font-medium text-primary underline underline-offset-4">
            Log in
          </Link>{" "}
          to join the conversation.
        </p>
      )}
    </section>
  );
}

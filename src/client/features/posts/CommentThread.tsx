import { Pencil, Reply, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import type { Comment } from "../../../common/posts";
import { formatRelativeTime } from "../../../common/time";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { usePreferences } from "../../layout/preferences";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { describedBy, FormField } from "../../ui/form-field";
import { Textarea } from "../../ui/input";
import { Markdown } from "../../ui/markdown";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useFocusReturn } from "../../ui/use-focus-return";
import { useAuth } from "../auth/useAuth";
import { ReportButton } from "../reports/ReportButton";
import { useAddComment, useComments, useDeleteComment, useEditComment } from "./api";
import { EditedMark } from "../history";
import { ModerationBanner } from "./ModerationBanner";

/** The box types the comment's text; stealth and the parent come from elsewhere. */
const resolver = lazyZodResolver(() =>
  import("../../../common/posts").then((m) => m.commentCreateSchema.pick({ content: true })),
);
type CommentFormValues = { content: string };

/**
 * A comment's text box: a new comment, a reply (`parentId`) or an edit (`editing`). Escape
 * cancels an edit or a reply; moderation refusals are shown by the box and in a toast.
 */
function CommentEditor({
  postId,
  fieldId,
  label,
  placeholder,
  submitLabel,
  pendingLabel,
  initial = "",
  parentId,
  editing,
  autoFocus,
  onDone,
  onCancel,
}: {
  postId: number;
  fieldId: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  pendingLabel: string;
  initial?: string;
  parentId?: number;
  editing?: Comment;
  autoFocus?: boolean;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const form = useForm<CommentFormValues>({
    resolver,
    defaultValues: { content: initial },
  });
  const content = form.watch("content");
  const [banner, setBanner] = useState<Banner | null>(null);
  const { stealth } = usePreferences();
  const add = useAddComment(postId);
  const edit = useEditComment(postId);
  const pending = add.isPending || edit.isPending;
  const failure = editing
    ? "Failed to update comment"
    : parentId
      ? "Failed to add reply"
      : "Failed to add comment";
  const bannerId = `${fieldId}-banner`;

  const submit = form.handleSubmit(async ({ content }) => {
    try {
      if (editing) await edit.mutateAsync({ id: editing.id, content });
      else await add.mutateAsync({ content, isAnonymous: stealth, parentId: parentId ?? null });
      form.reset({ content: "" });
      onDone?.();
    } catch (err) {
      const message = errorMessage(err, failure);
      setBanner(moderationBannerOf(err));
      applyServerErrors(form.setError, err, ["content"]);
      toast({ title: failure, description: message, variant: "destructive" });
    }
  });
  return (
    <form onSubmit={submit} className="space-y-2">
      <FormField
        id={fieldId}
        label={label}
        labelClassName="sr-only"
        className="space-y-2"
        error={form.formState.errors.content?.message}
      >
        {(control) => (
          <MarkdownEditor value={form.watch("content")}>
            <Textarea
              {...control}
              rows={2}
              className="min-h-16"
              placeholder={placeholder}
              autoFocus={autoFocus}
              aria-describedby={describedBy(control, banner ? bannerId : undefined)}
              {...form.register("content", { onChange: () => setBanner(null) })}
              onKeyDown={(e) => {
                if (e.key === "Escape" && onCancel) {
                  e.preventDefault();
                  e.stopPropagation();
                  onCancel();
                }
              }}
            />
          </MarkdownEditor>
        )}
      </FormField>
      <div id={bannerId}>
        <ModerationBanner banner={banner} />
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button
          type="submit"
          size="sm"
          aria-disabled={!content.trim() || (editing !== undefined && content === editing.content)}
          pending={pending}
        >
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  postId,
  replies = [],
}: {
  comment: Comment;
  postId: number;
  replies?: Comment[];
}) {
  const remove = useDeleteComment(postId);
  const { isAuthenticated } = useAuth();
  const { stealth } = usePreferences();
  const [mode, setMode] = useState<"view" | "edit" | "reply">("view");
  const editFocus = useFocusReturn<HTMLButtonElement>();
  const replyFocus = useFocusReturn<HTMLButtonElement>();
  const name = comment.author.username;
  // A deleted comment, or one by a member the viewer blocked (collapsed: decision 0092).
  const collapsed = comment.isDeleted || Boolean(comment.isBlocked);
  const canAct = !collapsed;

  const closeEdit = () => {
    setMode("view");
    editFocus.restore();
  };
  const closeReply = () => {
    setMode("view");
    replyFocus.restore();
  };

  return (
    <li className="flex gap-3">
      <Avatar src={comment.author.avatar} name={name} size={comment.parentId ? 28 : 32} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="rounded-lg bg-muted px-3 py-2">
          <div className="flex flex-wrap items-center gap-x-2 text-sm">
            {collapsed ? null : comment.author.id && isAuthenticated ? (
              <Link to={`/profile/${comment.author.id}`} className="font-semibold hover:underline">
                {name}
              </Link>
            ) : (
              <span className="font-semibold">{name}</span>
            )}
            <time
              dateTime={comment.createdAt}
              className="text-xs text-muted-foreground"
              suppressHydrationWarning
            >
              {formatRelativeTime(comment.createdAt)}
            </time>
            {comment.editedAt ? (
              <span className="text-xs text-muted-foreground">
                (
                <EditedMark
                  kind="comments"
                  id={comment.id}
                  editedAt={comment.editedAt}
                  className="rounded underline underline-offset-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                />
                )
              </span>
            ) : null}
            <span className="ml-auto flex items-center gap-1">
              {canAct && isAuthenticated ? (
                <Button
                  ref={replyFocus.ref}
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-muted-foreground"
                  aria-label={`Reply to ${name}`}
                  aria-expanded={mode === "reply"}
                  onClick={() => setMode(mode === "reply" ? "view" : "reply")}
                >
                  <Reply className="h-4 w-4" aria-hidden="true" />
                  <span>Reply</span>
                </Button>
              ) : null}
              {canAct && comment.isOwn ? (
                <>
                  <Button
                    ref={editFocus.ref}
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-muted-foreground"
                    aria-label="Edit comment"
                    aria-expanded={mode === "edit"}
                    onClick={() => setMode(mode === "edit" ? "view" : "edit")}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-muted-foreground"
                    aria-label="Delete comment"
                    pending={remove.isPending}
                    onClick={(event) => {
                      // The button goes with the comment: focus stays in its thread.
                      const thread = event.currentTarget.closest("section");
                      remove.mutate(
                        { id: comment.id, hasReplies: replies.length > 0 },
                        {
                          onSuccess: () => thread?.focus(),
                          onError: (err) =>
                            toast({
                              title: "Failed to delete comment",
                              description: errorMessage(err, "Please try again."),
                              variant: "destructive",
                            }),
                        },
                      );
                    }}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </>
              ) : canAct && isAuthenticated ? (
                <ReportButton
                  targetType="comment"
                  targetId={comment.id}
                  className="h-7 px-2 text-muted-foreground"
                />
              ) : null}
            </span>
          </div>
          {mode === "edit" ? (
            <div className="mt-2">
              <CommentEditor
                postId={postId}
                fieldId={`comment-edit-${comment.id}`}
                label="Edit your comment"
                placeholder="Edit your comment..."
                submitLabel="Save"
                pendingLabel="Saving..."
                initial={comment.content}
                editing={comment}
                autoFocus
                onDone={closeEdit}
                onCancel={closeEdit}
              />
            </div>
          ) : collapsed ? (
            <p className="mt-1 text-sm italic text-muted-foreground">{comment.content}</p>
          ) : (
            <Markdown source={comment.content} className="mt-1 text-sm" />
          )}
        </div>
        {mode === "reply" ? (
          <CommentEditor
            postId={postId}
            fieldId={`comment-reply-${comment.id}`}
            label={`Reply to ${name}`}
            placeholder={stealth ? "Reply anonymously..." : "Write a reply..."}
            submitLabel="Reply"
            pendingLabel="Replying..."
            parentId={comment.id}
            autoFocus
            onDone={closeReply}
            onCancel={closeReply}
          />
        ) : null}
        {replies.length > 0 ? (
          <ul aria-label={`Replies to ${name}`} className="space-y-3 border-l-2 border-border pl-3">
            {replies.map((r) => (
              <CommentItem key={r.id} comment={r} postId={postId} />
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** A post's comment thread, replies under their comment; signed-out readers see it read-only. */
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
  const { stealth } = usePreferences();
  const list = comments.data?.pages.flat() ?? [];
  const topLevel = list.filter((c) => c.parentId === null);
  const repliesOf = new Map<number, Comment[]>();
  for (const c of list) {
    if (c.parentId !== null) repliesOf.set(c.parentId, [...(repliesOf.get(c.parentId) ?? []), c]);
  }
  return (
    <section
      id={id}
      aria-label="Comments"
      // Focus lands here when the comment holding it is deleted.
      tabIndex={-1}
      className="space-y-3 border-t border-border pt-4 outline-none"
    >
      {comments.isLoading ? <Spinner label="Loading comments..." className="p-2" /> : null}
      {comments.isError ? <p className="text-sm text-destructive">Failed to load comments</p> : null}
      {comments.isSuccess && list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet</p>
      ) : null}
      {topLevel.length > 0 ? (
        <ul className="space-y-3">
          {topLevel.map((c) => (
            <CommentItem key={c.id} comment={c} postId={postId} replies={repliesOf.get(c.id)} />
          ))}
        </ul>
      ) : null}
      {comments.hasNextPage ? (
        <Button
          variant="link"
          size="sm"
          onClick={() => comments.fetchNextPage()}
          pending={comments.isFetchingNextPage}
        >
          {comments.isFetchingNextPage ? "Loading..." : "Load more comments"}
        </Button>
      ) : null}
      {canComment ? (
        <CommentEditor
          postId={postId}
          fieldId={`comment-${postId}`}
          label="Write a comment"
          placeholder={stealth ? "Comment anonymously..." : "Write a comment..."}
          submitLabel="Comment"
          pendingLabel="Posting..."
        />
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

import { LogIn, Pencil, Quote, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import {
  FORUM_LIMITS,
  type Reply,
  type ReplyCreateData,
  type ReplyCreateInput,
  type Thread,
  type ThreadCreateData,
  type ThreadCreateInput,
} from "../../../common/forums";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { countOf } from "../../../common/plural";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { FormField, sharedFieldErrors } from "../../ui/form-field";
import { FieldError, Input, Textarea } from "../../ui/input";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { useDocumentTitle } from "../../ui/page";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { MuteButton } from "../blocks";
import NotFoundPage from "../errors/NotFoundPage";
import { ModerationBanner } from "../posts/ModerationBanner";
import { useFocusReturn } from "../../ui/use-focus-return";
import { ReportButton } from "../reports/ReportButton";
import { SaveButton } from "../saved";
import {
  useCreateReply,
  useDeleteReply,
  useDeleteThread,
  useReplies,
  useThread,
  useUpdateReply,
  useUpdateThread,
} from "./api";
import { AuthorLine, ConfirmDeleteDialog, ForumBreadcrumbs } from "./components";
import { quoteFor, RichText } from "./RichText";

const threadResolver = lazyZodResolver(() =>
  import("../../../common/forums").then((m) => m.threadCreateSchema),
);
const replyResolver = lazyZodResolver(() =>
  import("../../../common/forums").then((m) => m.replyCreateSchema),
);

/**
 * Server refusals: moderation messages get the banner, a validation 400's `fields` go under the
 * form's fields, others an inline error under the form.
 */
function useFormErrors(onFields: (err: unknown) => boolean) {
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<Banner | null>(null);
  return {
    error,
    banner,
    clear: () => {
      setError(undefined);
      setBanner(null);
    },
    fail: (err: unknown, fallback: string) => {
      const message = errorMessage(err, fallback);
      const moderation = moderationBannerOf(err);
      setBanner(moderation);
      setError(moderation || onFields(err) ? undefined : message);
    },
  };
}

function EditThreadForm({ thread, onDone }: { thread: Thread; onDone: () => void }) {
  // Both stay required when editing: the same rules as starting a thread.
  const form = useForm<ThreadCreateInput, unknown, ThreadCreateData>({
    resolver: threadResolver,
    defaultValues: { title: thread.title, content: thread.content },
  });
  const errors = useFormErrors((err) => applyServerErrors(form.setError, err, ["title", "content"]));
  const fieldErrors = sharedFieldErrors(form.formState.errors, [
    { name: "title", id: "edit-thread-title" },
    { name: "content", id: "edit-thread-content" },
  ]);
  const update = useUpdateThread(thread);
  const title = form.watch("title");
  const content = form.watch("content");

  const submit = form.handleSubmit(async ({ title, content }) => {
    try {
      await update.mutateAsync({
        ...(title.trim() !== thread.title ? { title: title.trim() } : {}),
        ...(content.trim() !== thread.content ? { content: content.trim() } : {}),
      });
      toast({ title: "Thread updated", variant: "success" });
      onDone();
    } catch (err) {
      errors.fail(err, "Failed to update the thread. Please try again.");
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Edit thread">
      <FormField id="edit-thread-title" label="Title" required {...fieldErrors.title}>
        {(control) => (
          <Input
            {...control}
            maxLength={FORUM_LIMITS.threadTitleMax}
            // Opened by its Edit button: the title takes the focus (and gives it back on close).
            autoFocus
            {...form.register("title", { onChange: errors.clear })}
          />
        )}
      </FormField>
      <FormField id="edit-thread-content" label="Message" required {...fieldErrors.content}>
        {(control) => (
          <MarkdownEditor value={form.watch("content")}>
            <Textarea {...control} rows={8} {...form.register("content", { onChange: errors.clear })} />
          </MarkdownEditor>
        )}
      </FormField>
      <ModerationBanner banner={errors.banner} />
      <FieldError id="edit-thread-error" message={errors.error} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={title.trim() === thread.title && content.trim() === thread.content}
          pending={update.isPending}
        >
          {update.isPending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

/** A reply by a member the viewer blocked: collapsed, no text, no author (decision 0092). */
function BlockedReply({ reply }: { reply: Reply }) {
  return (
    <li id={`reply-${reply.id}`} className="scroll-mt-24" data-testid="reply">
      <Card className="p-4">
        <p className="text-sm italic text-muted-foreground">{reply.content}</p>
      </Card>
    </li>
  );
}

function ReplyItem({
  reply,
  thread,
  meId,
  signedIn,
  onQuote,
}: {
  reply: Reply;
  thread: Thread;
  /** The signed-in member's id (from the thread's one useAuth: a page shows up to 50 replies). */
  meId: number | undefined;
  signedIn: boolean;
  onQuote: (text: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editFocus = useFocusReturn<HTMLButtonElement>();
  const closeEdit = () => {
    setEditing(false);
    editFocus.restore();
  };

  return (
    <li id={`reply-${reply.id}`} className="scroll-mt-24" data-testid="reply">
      <Card className="p-4">
        <article aria-label={`Reply by ${reply.author.username}`} className="space-y-3">
          <div className="flex items-start justify-between gap-3">
            <AuthorLine
              author={reply.author}
              createdAt={reply.createdAt}
              editedAt={reply.editedAt}
              history={{ kind: "replies", id: reply.id }}
              linkable={signedIn}
              size={32}
            />
            {signedIn ? (
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Quote ${reply.author.username}`}
                  onClick={() => onQuote(quoteFor(reply.author.username, reply.content))}
                >
                  <Quote className="h-4 w-4" aria-hidden="true" />
                </Button>
                {reply.author.id !== meId ? <ReportButton targetType="reply" targetId={reply.id} /> : null}
                {reply.canEdit ? (
                  <>
                    <Button
                      ref={editFocus.ref}
                      variant="ghost"
                      size="icon"
                      aria-label="Edit reply"
                      onClick={() => setEditing(true)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Delete reply"
                      onClick={() => setDeleting(true)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </>
                ) : null}
              </div>
            ) : null}
          </div>
          {editing ? (
            <ReplyEditForm reply={reply} thread={thread} onDone={closeEdit} />
          ) : (
            <RichText content={reply.content} />
          )}
        </article>
      </Card>
      {reply.canEdit ? (
        <ReplyDeleteDialog reply={reply} thread={thread} open={deleting} onOpenChange={setDeleting} />
      ) : null}
    </li>
  );
}

/** A reply's edit form: its form state and mutation exist only while it is open. */
function ReplyEditForm({ reply, thread, onDone }: { reply: Reply; thread: Thread; onDone: () => void }) {
  const form = useForm<ReplyCreateInput, unknown, ReplyCreateData>({
    resolver: replyResolver,
    defaultValues: { content: reply.content },
  });
  const errors = useFormErrors((err) => applyServerErrors(form.setError, err, ["content"]));
  const update = useUpdateReply(thread);
  const fieldId = `edit-reply-${reply.id}`;

  const save = form.handleSubmit(async ({ content }) => {
    try {
      await update.mutateAsync({ replyId: reply.id, content: content.trim() });
      onDone();
      toast({ title: "Reply updated", variant: "success" });
    } catch (err) {
      errors.fail(err, "Failed to update the reply. Please try again.");
    }
  });

  return (
    <form onSubmit={save} className="space-y-3" noValidate aria-label="Edit reply">
      <FormField
        id={fieldId}
        label="Edit your reply"
        className="space-y-3"
        required
        error={form.formState.errors.content?.message}
      >
        {(control) => (
          <MarkdownEditor value={form.watch("content")}>
            <Textarea
              {...control}
              rows={5}
              // Opened by its Edit button: the text takes the focus (and gives it back on close).
              autoFocus
              {...form.register("content", { onChange: errors.clear })}
            />
          </MarkdownEditor>
        )}
      </FormField>
      <ModerationBanner banner={errors.banner} />
      <FieldError id={`${fieldId}-error`} message={errors.error} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={update.isPending}>
          {update.isPending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

function ReplyDeleteDialog({
  reply,
  thread,
  open,
  onOpenChange,
}: {
  reply: Reply;
  thread: Thread;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteReply(thread);
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this reply?"
      description="The reply is removed for everyone. This cannot be undone."
      onConfirm={async () => {
        try {
          await remove.mutateAsync(reply.id);
          onOpenChange(false);
          toast({ title: "Reply deleted", variant: "success" });
        } catch (err) {
          toast({ title: errorMessage(err, "Failed to delete the reply"), variant: "destructive" });
        }
      }}
    />
  );
}

function ReplyForm({
  thread,
  draft,
  setDraft,
  textareaRef,
}: {
  thread: Thread;
  draft: string;
  setDraft: (v: string) => void;
  textareaRef: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const form = useForm<ReplyCreateInput, unknown, ReplyCreateData>({
    resolver: replyResolver,
    defaultValues: { content: draft },
  });
  const errors = useFormErrors((err) => applyServerErrors(form.setError, err, ["content"]));
  const create = useCreateReply(thread);
  // The draft lives with the thread (a quote adds to it): the field follows it.
  useEffect(() => {
    if (form.getValues("content") !== draft) form.setValue("content", draft);
  }, [draft, form]);
  const content = form.register("content", {
    onChange: (e: React.ChangeEvent<HTMLTextAreaElement>) => {
      setDraft(e.target.value);
      errors.clear();
    },
  });

  const submit = form.handleSubmit(async () => {
    try {
      await create.mutateAsync(draft.trim());
      setDraft("");
      errors.clear();
      toast({ title: "Reply posted", variant: "success" });
    } catch (err) {
      errors.fail(err, "Failed to post your reply. Please try again.");
    }
  });

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-labelledby="reply-heading">
      <h2 id="reply-heading" className="text-lg font-semibold">
        Your reply
      </h2>
      <FormField
        id="reply-content"
        label="Reply"
        labelClassName="sr-only"
        className="space-y-3"
        hint="Mention a member with @username. Start a line with > to quote."
        required
        error={form.formState.errors.content?.message}
      >
        {(control) => (
          <MarkdownEditor value={form.watch("content")}>
            <Textarea
              {...control}
              rows={5}
              placeholder="Share your thoughts..."
              {...content}
              ref={(el) => {
                content.ref(el);
                textareaRef.current = el;
              }}
            />
          </MarkdownEditor>
        )}
      </FormField>
      <ModerationBanner banner={errors.banner} />
      <FieldError id="reply-error" message={errors.error} />
      <div className="flex justify-end">
        <Button type="submit" pending={create.isPending}>
          {create.isPending ? "Posting..." : "Post Reply"}
        </Button>
      </div>
    </form>
  );
}

/** One discussion: the opening message, its replies in order, and the reply form. */
export default function ThreadView({ forumId, threadId }: { forumId: number; threadId: number }) {
  const { user: me, isAuthenticated } = useAuth();
  const threadQuery = useThread(threadId);
  const thread = threadQuery.data;
  const replies = useReplies(threadId, Boolean(thread));
  const [editing, setEditing] = useState(false);
  const threadEditFocus = useFocusReturn<HTMLButtonElement>();
  const [deleting, setDeleting] = useState(false);
  const [draft, setDraft] = useState("");
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const removeThread = useDeleteThread({ id: threadId, forumId });
  useDocumentTitle(thread?.title ?? "Thread");

  // A link to one reply (#reply-N, e.g. from a mention) scrolls to it once the replies are there.
  const list = replies.data?.pages.flat() ?? [];
  const hash = location.hash;
  const hasTarget = hash.startsWith("#reply-") && list.some((r) => `#reply-${r.id}` === hash);
  useEffect(() => {
    if (hasTarget) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [hasTarget, hash]);

  if (threadQuery.isLoading) return <Spinner label="Loading thread..." className="py-20" />;
  if (
    (threadQuery.error instanceof ApiError && threadQuery.error.status === 404) ||
    (thread && thread.forumId !== forumId)
  ) {
    return <NotFoundPage />;
  }
  if (!thread) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="sr-only">Thread</h1>
        <EmptyState
          title="Failed to load this thread"
          action={
            <Button variant="outline" onClick={() => threadQuery.refetch()}>
              Try Again
            </Button>
          }
        />
      </div>
    );
  }

  const quote = (text: string) => {
    setDraft(draft ? `${draft.trimEnd()}\n\n${text}` : text);
    textareaRef.current?.focus();
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8">
      <ForumBreadcrumbs
        items={[
          { label: "Forums", to: "/forums" },
          { label: thread.forumName, to: `/forums/${thread.forumId}` },
          { label: thread.title },
        ]}
      />
      <Card className="p-5">
        <article aria-labelledby="thread-title" className="space-y-4">
          <h1 id="thread-title" className="text-2xl font-bold tracking-tight wrap-anywhere">
            {thread.title}
          </h1>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <AuthorLine
              author={thread.author}
              createdAt={thread.createdAt}
              editedAt={thread.editedAt}
              history={{ kind: "threads", id: thread.id }}
              linkable={isAuthenticated}
            />
            {isAuthenticated ? (
              <div className="flex flex-wrap justify-end gap-1">
                <SaveButton kind="threads" id={thread.id} />
                <MuteButton kind="thread" target={String(thread.id)} />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Quote ${thread.author.username}`}
                  onClick={() => quote(quoteFor(thread.author.username, thread.content))}
                >
                  <Quote className="h-4 w-4" aria-hidden="true" />
                </Button>
                {thread.author.id !== me?.id ? (
                  <ReportButton targetType="thread" targetId={thread.id} />
                ) : null}
                {thread.canEdit ? (
                  <>
                    <Button
                      ref={threadEditFocus.ref}
                      variant="ghost"
                      size="icon"
                      aria-label="Edit thread"
                      onClick={() => setEditing(true)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Delete thread"
                      onClick={() => setDeleting(true)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </>
                ) : null}
              </div>
            ) : null}
          </div>
          {editing ? (
            <EditThreadForm
              thread={thread}
              onDone={() => {
                setEditing(false);
                threadEditFocus.restore();
              }}
            />
          ) : (
            <RichText content={thread.content} />
          )}
        </article>
      </Card>

      <section aria-labelledby="replies-heading" className="mt-8">
        <h2 id="replies-heading" className="mb-3 text-xl font-semibold">
          {countOf(thread.replyCount, "reply", "replies")}
        </h2>
        {replies.isLoading ? (
          <Spinner label="Loading replies..." />
        ) : replies.isError ? (
          <EmptyState
            title="Failed to load the replies"
            action={
              <Button variant="outline" onClick={() => replies.refetch()}>
                Try Again
              </Button>
            }
          />
        ) : list.length === 0 ? (
          <p className="text-muted-foreground">No replies yet.</p>
        ) : (
          <ol className="space-y-3">
            {list.map((r) =>
              r.isBlocked ? (
                <BlockedReply key={r.id} reply={r} />
              ) : (
                <ReplyItem
                  key={r.id}
                  reply={r}
                  thread={thread}
                  meId={me?.id}
                  signedIn={isAuthenticated}
                  onQuote={quote}
                />
              ),
            )}
          </ol>
        )}
        {replies.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button
              variant="outline"
              onClick={() => replies.fetchNextPage()}
              disabled={replies.isFetchingNextPage}
            >
              {replies.isFetchingNextPage ? "Loading..." : "Load More Replies"}
            </Button>
          </div>
        ) : null}
      </section>

      <section className="mt-8">
        {isAuthenticated ? (
          <Card className="p-5">
            <ReplyForm thread={thread} draft={draft} setDraft={setDraft} textareaRef={textareaRef} />
          </Card>
        ) : (
          <Button asChild variant="outline">
            <Link to="/auth">
              <LogIn className="h-4 w-4" aria-hidden="true" /> Sign in to reply
            </Link>
          </Button>
        )}
      </section>

      <ConfirmDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this thread?"
        description="The thread and all its replies are removed for everyone. This cannot be undone."
        onConfirm={async () => {
          try {
            await removeThread.mutateAsync();
            setDeleting(false);
            toast({ title: "Thread deleted", variant: "success" });
            navigate(`/forums/${forumId}`);
          } catch (err) {
            toast({ title: errorMessage(err, "Failed to delete the thread"), variant: "destructive" });
          }
        }}
      />
    </div>
  );
}

import { LogIn, MessageSquare, PenSquare, Users } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import {
  FORUM_LIMITS,
  type Forum,
  forumModelLabel,
  type ThreadCreateData,
  type ThreadCreateInput,
  type ThreadSummary,
} from "../../../common/forums";
import { markdownToPlainText } from "../../../common/markdown";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { countOf } from "../../../common/plural";
import { formatRelativeTime } from "../../../common/time";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { feedPaths } from "../../../common/feeds";
import { clip, statusOf, titled } from "../../head";
import type { LoaderArgs, PageHead } from "../../route-module";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { FormField, sharedFieldErrors } from "../../ui/form-field";
import { FieldError, Input, Textarea } from "../../ui/input";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { useDocumentTitle } from "../../ui/page";
import { preloadable } from "../../ui/preloadable";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { MuteButton } from "../blocks";
import NotFoundPage from "../errors/NotFoundPage";
import { ModerationBanner } from "../posts/ModerationBanner";
import {
  forumQuery,
  repliesQuery,
  threadQuery,
  threadsQuery,
  useCreateThread,
  useForum,
  useMembership,
  useThreads,
} from "./api";
import { ForumBreadcrumbs } from "./components";

const ThreadView = preloadable(() => import("./ThreadView"));

/** Before hydrating a server-rendered thread. */
export const preload = (params: LoaderArgs["params"]) =>
  params.threadId === undefined ? Promise.resolve() : ThreadView.preload();
const threadResolver = lazyZodResolver(() =>
  import("../../../common/forums").then((m) => m.threadCreateSchema),
);

function MembershipButton({ forum }: { forum: Forum }) {
  const membership = useMembership(forum.id);
  const toggle = () =>
    membership.mutate(!forum.isMember, {
      onSuccess: (m) =>
        toast({
          title: m.isMember ? `You joined ${forum.name}` : `You left ${forum.name}`,
          variant: "success",
        }),
      onError: (err) =>
        toast({ title: errorMessage(err, "Could not update your membership"), variant: "destructive" }),
    });
  return (
    <Button variant={forum.isMember ? "outline" : "primary"} onClick={toggle} pending={membership.isPending}>
      <Users className="h-4 w-4" aria-hidden="true" />
      {membership.isPending
        ? forum.isMember
          ? "Leaving..."
          : "Joining..."
        : forum.isMember
          ? "Leave Forum"
          : "Join Forum"}
    </Button>
  );
}

function NewThreadForm({ forumId, onDone }: { forumId: number; onDone: () => void }) {
  const form = useForm<ThreadCreateInput, unknown, ThreadCreateData>({
    resolver: threadResolver,
    defaultValues: { title: "", content: "" },
  });
  const fieldErrors = sharedFieldErrors(form.formState.errors, [
    { name: "title", id: "thread-title" },
    { name: "content", id: "thread-content" },
  ]);
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<Banner | null>(null);
  const create = useCreateThread(forumId);
  const navigate = useNavigate();

  const submit = form.handleSubmit(async ({ title, content }) => {
    try {
      const thread = await create.mutateAsync({ title: title.trim(), content: content.trim() });
      form.reset();
      onDone();
      toast({ title: "Thread started", variant: "success" });
      navigate(`/forums/${forumId}/threads/${thread.id}`);
    } catch (err) {
      const message = errorMessage(err, "Failed to start the thread. Please try again.");
      const moderation = moderationBannerOf(err);
      setBanner(moderation);
      // A validation 400 names its fields: their messages go under the fields themselves.
      const onFields = !moderation && applyServerErrors(form.setError, err, ["title", "content"]);
      setError(moderation || onFields ? undefined : message);
    }
  });

  const clear = () => {
    setError(undefined);
    setBanner(null);
  };

  return (
    <Card className="mb-6 p-5">
      <form onSubmit={submit} className="space-y-4" noValidate aria-labelledby="new-thread-heading">
        <h2 id="new-thread-heading" className="text-lg font-semibold">
          Start a new thread
        </h2>
        <FormField id="thread-title" label="Title" required {...fieldErrors.title}>
          {(control) => (
            <Input
              {...control}
              maxLength={FORUM_LIMITS.threadTitleMax}
              {...form.register("title", { onChange: clear })}
            />
          )}
        </FormField>
        <FormField
          id="thread-content"
          label="Message"
          hint="Mention a member with @username. Start a line with > to quote."
          required
          {...fieldErrors.content}
        >
          {(control) => (
            <MarkdownEditor value={form.watch("content")}>
              <Textarea {...control} rows={6} {...form.register("content", { onChange: clear })} />
            </MarkdownEditor>
          )}
        </FormField>
        <ModerationBanner banner={banner} />
        <FieldError id="thread-form-error" message={error} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" pending={create.isPending}>
            {create.isPending ? "Posting..." : "Post Thread"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ThreadRow({ thread }: { thread: ThreadSummary }) {
  return (
    <li
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="thread-row"
    >
      <div className="min-w-0">
        <h3 className="font-semibold wrap-anywhere">
          <Link to={`/forums/${thread.forumId}/threads/${thread.id}`} className="hover:underline">
            {thread.title}
          </Link>
        </h3>
        <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground wrap-anywhere">{thread.excerpt}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          Started by <span className="font-medium text-foreground">{thread.author.username}</span>
        </p>
      </div>
      <dl className="flex shrink-0 gap-6 text-sm sm:text-right">
        <div>
          <dt className="text-xs text-muted-foreground">Replies</dt>
          <dd className="font-semibold" suppressHydrationWarning>
            {thread.replyCount.toLocaleString()}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Last activity</dt>
          <dd>
            <time dateTime={thread.lastActivityAt} suppressHydrationWarning>
              {formatRelativeTime(thread.lastActivityAt)}
            </time>
            {thread.lastReplyAuthor ? (
              <span className="block text-xs text-muted-foreground">by {thread.lastReplyAuthor}</span>
            ) : null}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function ForumView({ forumId }: { forumId: number }) {
  const { isAuthenticated } = useAuth();
  const forumQuery = useForum(forumId);
  const forum = forumQuery.data;
  const threads = useThreads(forumId, Boolean(forum));
  const [composing, setComposing] = useState(false);
  useDocumentTitle(forum?.name ?? "Forum");

  if (forumQuery.isLoading) return <Spinner label="Loading forum..." className="py-20" />;
  if (forumQuery.error instanceof ApiError && forumQuery.error.status === 404) return <NotFoundPage />;
  if (!forum) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="sr-only">Forum</h1>
        <EmptyState
          title="Failed to load this forum"
          action={
            <Button variant="outline" onClick={() => forumQuery.refetch()}>
              Try Again
            </Button>
          }
        />
      </div>
    );
  }

  const list = threads.data?.pages.flat() ?? [];
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <ForumBreadcrumbs items={[{ label: "Forums", to: "/forums" }, { label: forum.name }]} />
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{forum.name}</h1>
          <p className="mt-2 max-w-3xl text-muted-foreground wrap-anywhere">{forum.description}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <Badge tone="outline">{forumModelLabel(forum.aiModel)}</Badge>
            <span className="inline-flex items-center gap-1.5" data-testid="forum-post-count">
              <MessageSquare className="h-4 w-4" aria-hidden="true" /> {countOf(forum.postCount, "post")}
            </span>
            <span className="inline-flex items-center gap-1.5" data-testid="forum-member-count">
              <Users className="h-4 w-4" aria-hidden="true" /> {countOf(forum.memberCount, "member")}
            </span>
          </div>
        </div>
        {isAuthenticated ? (
          <div className="flex flex-wrap gap-2">
            <MembershipButton forum={forum} />
            <MuteButton kind="forum" target={String(forum.id)} />
            {!composing ? (
              <Button onClick={() => setComposing(true)}>
                <PenSquare className="h-4 w-4" aria-hidden="true" /> New Thread
              </Button>
            ) : null}
          </div>
        ) : (
          <Button asChild variant="outline">
            <Link to="/auth">
              <LogIn className="h-4 w-4" aria-hidden="true" /> Sign in to join and post
            </Link>
          </Button>
        )}
      </header>

      {isAuthenticated && composing ? (
        <NewThreadForm forumId={forum.id} onDone={() => setComposing(false)} />
      ) : null}

      <section aria-labelledby="threads-heading">
        <h2 id="threads-heading" className="mb-3 text-xl font-semibold">
          Threads
        </h2>
        {threads.isLoading ? (
          <Spinner label="Loading threads..." />
        ) : threads.isError ? (
          <EmptyState
            title="Failed to load the threads"
            action={
              <Button variant="outline" onClick={() => threads.refetch()}>
                Try Again
              </Button>
            }
          />
        ) : list.length === 0 ? (
          <EmptyState
            title="No threads yet"
            description={
              isAuthenticated
                ? "Be the first to start a discussion."
                : "Sign in to start the first discussion."
            }
          />
        ) : (
          <Card>
            <ul className="divide-y divide-border">
              {list.map((t) => (
                <ThreadRow key={t.id} thread={t} />
              ))}
            </ul>
          </Card>
        )}
        {threads.hasNextPage ? (
          <div className="mt-6 flex justify-center">
            <Button
              variant="outline"
              onClick={() => threads.fetchNextPage()}
              disabled={threads.isFetchingNextPage}
            >
              {threads.isFetchingNextPage ? "Loading..." : "Load More"}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** `/forums/{id}` (the forum) and `/forums/{id}/threads/{threadId}` (one discussion). */
export default function ForumPage() {
  const params = useParams();
  const forumId = Number(params.id);
  const valid = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;
  if (!valid(forumId)) return <NotFoundPage />;
  if (params.threadId !== undefined) {
    const threadId = Number(params.threadId);
    if (!valid(threadId)) return <NotFoundPage />;
    return <ThreadView key={threadId} forumId={forumId} threadId={threadId} />;
  }
  return <ForumView key={forumId} forumId={forumId} />;
}

const validId = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;

/** The server's render of a forum (with its first threads) or of a thread (with its first replies). */
export async function loader({ params, client }: LoaderArgs): Promise<void> {
  const forumId = Number(params.id);
  if (!validId(forumId)) return;
  if (params.threadId === undefined) {
    await client.prefetchQuery(forumQuery(forumId));
    if (client.getQueryData(forumQuery(forumId).queryKey)) {
      await client.prefetchInfiniteQuery(threadsQuery(forumId));
    }
    return;
  }
  const threadId = Number(params.threadId);
  if (!validId(threadId)) return;
  await client.prefetchQuery(threadQuery(threadId));
  if (client.getQueryData(threadQuery(threadId).queryKey)) {
    await client.prefetchInfiniteQuery(repliesQuery(threadId));
  }
}

export function head({ params, client }: LoaderArgs): PageHead {
  const forumId = Number(params.id);
  if (!validId(forumId)) return { status: 404 };
  if (params.threadId === undefined) {
    const { queryKey } = forumQuery(forumId);
    const forum = client.getQueryData(queryKey);
    if (!forum) return { status: statusOf(client, queryKey) };
    return {
      title: titled(forum.name),
      description: clip(forum.description || forum.name),
      alternate: [{ href: feedPaths.forum(forumId), title: `${forum.name}: new threads` }],
    };
  }
  const threadId = Number(params.threadId);
  if (!validId(threadId)) return { status: 404 };
  const { queryKey } = threadQuery(threadId);
  const thread = client.getQueryData(queryKey);
  if (!thread || thread.forumId !== forumId) return { status: thread ? 404 : statusOf(client, queryKey) };
  return {
    title: titled(thread.title),
    description: clip(markdownToPlainText(thread.content)),
    type: "article",
    alternate: [{ href: feedPaths.thread(threadId), title: `${thread.title}: replies` }],
  };
}

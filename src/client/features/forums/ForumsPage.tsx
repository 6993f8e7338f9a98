import { countOf } from "../../../common/plural";
import { MessageSquare, Search, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { TIMING } from "../../../common/constants";
import { FORUM_MESSAGES, type Forum, forumModelLabel } from "../../../common/forums";
import { formatRelativeTime } from "../../../common/time";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Input, Label } from "../../ui/input";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useAuth } from "../auth/useAuth";
import { forumsQuery, useForums } from "./api";
import { CreateForumDialog } from "./CreateForumDialog";
import { titled } from "../../head";
import type { LoaderArgs, PageHead } from "../../route-module";

function ForumCard({ forum }: { forum: Forum }) {
  return (
    <Card className="flex flex-col p-5" data-testid="forum-card">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold leading-tight wrap-anywhere">{forum.name}</h2>
        <Badge tone="outline" className="shrink-0">
          {forumModelLabel(forum.aiModel)}
        </Badge>
      </div>
      <p className="mt-2 flex-1 text-sm text-muted-foreground wrap-anywhere">{forum.description}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> {countOf(forum.postCount, "post")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Users className="h-4 w-4" aria-hidden="true" /> {countOf(forum.memberCount, "member")}
        </span>
        {forum.threadCount > 0 ? (
          <span>
            Active{" "}
            <time dateTime={forum.lastActivityAt} suppressHydrationWarning>
              {formatRelativeTime(forum.lastActivityAt)}
            </time>
          </span>
        ) : null}
      </div>
      <div className="mt-4 flex items-center justify-between gap-2">
        {forum.isMember ? <Badge tone="success">Joined</Badge> : <span />}
        <Button asChild variant="outline" size="sm">
          <Link to={`/forums/${forum.id}`}>
            Join Discussion<span className="sr-only"> in {forum.name}</span>
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/** "AI Model Forums" (SPEC §2.7): search, "Create Forum" for members, forum cards. */
export default function ForumsPage() {
  const { isAuthenticated } = useAuth();
  const [term, setTerm] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setSearch(term.trim()), TIMING.searchDebounceMs);
    return () => clearTimeout(t);
  }, [term]);
  const forums = useForums(search);
  const list = forums.data?.pages.flat() ?? [];

  return (
    <Page
      title="AI Model Forums"
      lead="Join per-model communities and topic forums: ask, share and compare notes."
      actions={
        isAuthenticated ? (
          <CreateForumDialog />
        ) : (
          <Button asChild variant="outline">
            <Link to="/auth">Sign in to create a forum</Link>
          </Button>
        )
      }
    >
      <form className="mb-6 max-w-md" onSubmit={(e) => e.preventDefault()}>
        <Label htmlFor="forum-search" className="sr-only">
          Search forums
        </Label>
        <div className="relative">
          <Search className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" aria-hidden="true" />
          <Input
            id="forum-search"
            type="search"
            className="pl-9"
            placeholder="Search forums..."
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
      </form>

      {forums.isLoading ? (
        <Spinner label="Loading forums..." />
      ) : forums.isError ? (
        <EmptyState
          title={FORUM_MESSAGES.fetchFailed}
          action={
            <Button variant="outline" onClick={() => forums.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : list.length === 0 ? (
        search ? (
          <EmptyState
            title="No forums found"
            description={`Nothing matches "${search}". Try another word.`}
          />
        ) : (
          <EmptyState
            title="No forum discussions"
            description={
              isAuthenticated ? "Create the first forum for your favorite model." : "Check back soon."
            }
          />
        )
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((f) => (
              <ForumCard key={f.id} forum={f} />
            ))}
          </div>
          {forums.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                onClick={() => forums.fetchNextPage()}
                disabled={forums.isFetchingNextPage}
              >
                {forums.isFetchingNextPage ? "Loading..." : "Load More"}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Page>
  );
}

/** The server's render of the forums: the first page, unfiltered (the search starts empty). */
export const loader = ({ client }: LoaderArgs) => client.prefetchInfiniteQuery(forumsQuery(""));

export const head = (): PageHead => ({ title: titled("AI Model Forums") });

import { Search, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { TIMING } from "../../../common/constants";
import { POST_MESSAGES, type Post } from "../../../common/posts";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { MuteButton } from "../blocks";
import { useFeed, usePostSearch } from "./api";
import { CommunityStatsCard, PopularTopics } from "./FeedSidebar";
import { PostCard } from "./PostCard";
import { PostComposer } from "./PostComposer";

const MIN_SEARCH = 2;

/** The search box keeps `?search=` in the address (the header's inline search links here). */
function FeedSearch({ value, onChange }: { value: string; onChange: (term: string) => void }) {
  const [term, setTerm] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  // The last term this box put in the address: when it lands there, the box keeps what was typed
  // since (clearing the box just as the search lands does not bring the old text back); a term
  // from elsewhere (the header's search links here) replaces the box's.
  const sent = useRef(value);
  const send = useCallback((next: string) => {
    sent.current = next;
    latest.current(next);
  }, []);
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setTerm(value);
  }, [value]);
  // Debounced like the global search (SPEC §9: 300 ms).
  useEffect(() => {
    if (term === value) return;
    const timer = setTimeout(() => send(term), TIMING.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [term, value, send]);
  return (
    <search aria-label="Search the feed">
      <form
        className="relative"
        onSubmit={(e) => {
          e.preventDefault();
          send(term);
        }}
      >
        <label htmlFor="feed-search" className="sr-only">
          Search posts in the feed
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          id="feed-search"
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Search posts, #topics or models..."
          className="h-10 w-full rounded-md border border-input bg-background pl-9 pr-3 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
        />
      </form>
    </search>
  );
}

function PostList({ posts }: { posts: Post[] }) {
  return (
    <ul className="space-y-4" aria-label="Posts">
      {posts.map((p) => (
        <li key={p.id}>
          <PostCard post={p} />
        </li>
      ))}
    </ul>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState
      title={POST_MESSAGES.fetchFailed}
      description="Check your connection and try again."
      action={
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      }
    />
  );
}

function FeedResults({ tag }: { tag: string | null }) {
  const feed = useFeed(tag);
  if (feed.isLoading) return <Spinner label="Loading posts..." />;
  if (feed.isError) return <LoadError onRetry={() => feed.refetch()} />;
  const posts = feed.data?.pages.flat() ?? [];
  if (posts.length === 0) {
    return tag ? (
      <EmptyState title={POST_MESSAGES.noPostsFound} description={`Nothing tagged #${tag} yet.`} />
    ) : (
      <EmptyState
        title={POST_MESSAGES.noPostsYet}
        description="Be the first to share an experience with an AI model."
      />
    );
  }
  return (
    <>
      <PostList posts={posts} />
      {feed.hasNextPage ? (
        <div className="mt-6 text-center">
          <Button variant="outline" onClick={() => feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? "Loading..." : "Load More Posts"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function SearchResults({ term, tag }: { term: string; tag: string | null }) {
  const search = usePostSearch(term, tag);
  if (search.isLoading) return <Spinner label="Searching..." />;
  if (search.isError) return <LoadError onRetry={() => search.refetch()} />;
  const posts = search.data ?? [];
  if (posts.length === 0)
    return <EmptyState title={POST_MESSAGES.noPostsFound} description={`No results found for "${term}".`} />;
  return <PostList posts={posts} />;
}

/** The signed-in home feed (SPEC §2.6). */
export default function HomePage() {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const tag = params.get("tag");
  const term = search.trim();
  const searching = term.length >= MIN_SEARCH;

  const update = (key: "search" | "tag", value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === "search" },
    );

  return (
    <Page title="Home" lead="Experiences and ratings from the community">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-4">
          <FeedSearch value={search} onChange={(v) => update("search", v.trim() ? v : null)} />
          <PostComposer />
          <section aria-labelledby="feed-heading" className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="feed-heading" className="text-xl font-semibold">
                {searching ? `Results for "${term}"` : tag ? `Posts tagged #${tag}` : "Latest posts"}
              </h2>
              <div className="flex gap-2">
                {searching ? (
                  <Button variant="ghost" size="sm" onClick={() => update("search", null)}>
                    <X className="h-4 w-4" aria-hidden="true" /> Clear search
                  </Button>
                ) : null}
                {tag && !searching ? <MuteButton kind="hashtag" target={tag} /> : null}
                {tag ? (
                  <Button variant="ghost" size="sm" onClick={() => update("tag", null)}>
                    <X className="h-4 w-4" aria-hidden="true" /> Clear topic
                  </Button>
                ) : null}
              </div>
            </div>
            {searching ? <SearchResults term={term} tag={tag} /> : <FeedResults tag={tag} />}
          </section>
        </div>
        <aside className="space-y-4" aria-label="Feed sidebar">
          <PopularTopics
            active={tag}
            onToggle={(t) => update("tag", tag?.toLowerCase() === t.toLowerCase() ? null : t)}
          />
          <CommunityStatsCard />
        </aside>
      </div>
    </Page>
  );
}

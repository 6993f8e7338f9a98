import { Bookmark, BookmarkX } from "lucide-react";
import { Tabs } from "radix-ui";
import { Link, useSearchParams } from "react-router";
import { SAVED_TABS, type SavedKind, type SavedTab } from "../../../common/saved";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { LoadMore } from "../../ui/load-more";
import { oneOf } from "../../ui/one-of";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { TabList } from "../../ui/tab-list";
import { toast } from "../../ui/toast";
import { keepFocusNear } from "../../ui/keep-focus";
import { useRemoveBookmark, useSaved } from "../ai-models/api";
import { ModelStats, PricingBadge } from "../ai-models/components";
import { useAuth } from "../auth/useAuth";
import { useSavedItems } from "./api";
import { SaveButton } from "./SaveButton";

const LABELS: Record<SavedTab, string> = {
  models: "Models",
  posts: "Posts",
  threads: "Threads",
  prompts: "Prompts",
};
const EMPTY: Record<SavedKind, { title: string; description: string; to: string; action: string }> = {
  posts: {
    title: "No saved posts yet",
    description: "Save a post from the feed to find it here later.",
    to: "/",
    action: "Go to the feed",
  },
  threads: {
    title: "No saved threads yet",
    description: "Save a forum thread to find it here later.",
    to: "/forums",
    action: "Browse forums",
  },
  prompts: {
    title: "No saved prompts yet",
    description: "Save a prompt from the library to find it here later.",
    to: "/prompts",
    action: "Browse prompts",
  },
};

/** The member's saved items, a tab per kind; the tab lives in the address (`?tab=posts`, decision 0099). */
export default function SavedPage() {
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = oneOf(SAVED_TABS, params.get("tab"), "models");

  if (!isAuthenticated) {
    return (
      <Page title="Saved">
        <p>
          Please log in to see your saved items.{" "}
          <Link to="/auth" className="text-primary underline">
            Sign in
          </Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Saved" lead="What you saved, most recent first.">
      <Tabs.Root
        value={tab}
        onValueChange={(v) => setParams(v === "models" ? {} : { tab: v }, { replace: true })}
        className="grid gap-4"
      >
        <TabList label="Saved items" tabs={SAVED_TABS.map((t) => ({ value: t, label: LABELS[t] }))} compact />
        {SAVED_TABS.map((t) => (
          <Tabs.Content key={t} value={t} className="focus-visible:outline-2 focus-visible:outline-ring">
            {t !== tab ? null : t === "models" ? <SavedModels /> : <SavedList kind={t} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Page>
  );
}

function SavedList({ kind }: { kind: SavedKind }) {
  const list = useSavedItems(kind, true);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const empty = EMPTY[kind];
  if (list.isPending) return <Spinner label={`Loading saved ${kind}...`} />;
  if (list.isError) {
    return (
      <EmptyState
        title="Failed to fetch saved items"
        description={errorMessage(list.error, "Please try again.")}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Bookmark className="h-8 w-8" />}
        title={empty.title}
        description={empty.description}
        action={
          <Button asChild>
            <Link to={empty.to}>{empty.action}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3">
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <Card className="flex flex-col gap-2 p-4" data-testid={`saved-${kind}`}>
              <h2 className="text-base font-semibold wrap-anywhere">
                <Link to={item.url} className="hover:underline">
                  {item.title || "Untitled"}
                </Link>
              </h2>
              {item.excerpt && item.excerpt !== item.title ? (
                <p className="line-clamp-3 text-sm text-muted-foreground wrap-anywhere">{item.excerpt}</p>
              ) : null}
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                <span>
                  {item.author ? `By ${item.author.username}` : "By Anonymous"} · saved{" "}
                  <time dateTime={item.savedAt} suppressHydrationWarning>
                    {formatRelativeTime(item.savedAt)}
                  </time>
                </span>
                <SaveButton kind={kind} id={item.id} label={item.title} variant="outline" />
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMore list={list} centered />
    </div>
  );
}

function SavedModels() {
  const saved = useSaved(true);
  const remove = useRemoveBookmark();
  const models = saved.data?.models ?? [];
  return (
    <section aria-label="Saved models" className="grid gap-4">
      {saved.isPending ? (
        <Spinner label="Loading saved models..." />
      ) : saved.isError ? (
        <EmptyState
          title="Failed to fetch saved items"
          description={errorMessage(saved.error, "Please try again.")}
        />
      ) : models.length === 0 ? (
        <EmptyState
          icon={<Bookmark className="h-8 w-8" />}
          title="No saved models yet"
          description="Bookmark a model on its page to find it here later."
          action={
            <Button asChild>
              <Link to="/ai-models">Browse AI Models</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {models.map((m) => (
            <li key={m.id}>
              <Card className="flex h-full flex-col gap-2 p-5" data-testid="saved-model">
                <div className="flex flex-wrap gap-2">
                  <Badge tone="outline">{m.category}</Badge>
                  <PricingBadge pricing={m.pricing} />
                </div>
                <h2 className="text-lg font-semibold">
                  <Link to={`/ai-models/${m.slug}`} className="hover:underline">
                    {m.name}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">{m.company}</p>
                <p className="line-clamp-3 flex-1 text-sm">{m.description}</p>
                <ModelStats rating={m.rating} reviewCount={m.reviewCount} likes={m.likes} views={m.views} />
                <div className="mt-2">
                  <Button
                    variant="outline"
                    size="sm"
                    pending={remove.isPending}
                    onClick={(event) => {
                      keepFocusNear(event.currentTarget);
                      remove.mutate(m, {
                        onError: (err) =>
                          toast({
                            title: "Could not remove the bookmark",
                            description: errorMessage(err, "Please try again."),
                            variant: "destructive",
                          }),
                      });
                    }}
                  >
                    <BookmarkX className="h-4 w-4" aria-hidden="true" /> Remove
                    <span className="sr-only"> {m.name}</span>
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

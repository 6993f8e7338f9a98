import { countOf } from "../../../common/plural";
import { Search, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { TIMING } from "../../../common/constants";
import {
  PROMPT_CATEGORIES,
  PROMPT_CATEGORY_LABELS,
  PROMPT_DIFFICULTIES,
  PROMPT_DIFFICULTY_LABELS,
  PROMPT_MESSAGES,
  PROMPT_MODELS,
  PROMPT_SORT_LABELS,
  PROMPT_SORTS,
  type Prompt,
  type PromptCategory,
  type PromptDifficulty,
  promptModelLabel,
} from "../../../common/prompts";
import { formatRelativeTime } from "../../../common/time";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { EmptyState } from "../../ui/empty-state";
import { Input, Label } from "../../ui/input";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useAuth } from "../auth/useAuth";
import { selectClass } from "../forums/components";
import { type PromptFilters, promptsQuery, usePrompts } from "./api";
import { SaveButton } from "../saved";
import { CopyPromptButton, LikePromptButton } from "./PromptActions";
import { PromptDetailDialog } from "./PromptDetailDialog";
import { SharePromptDialog } from "./SharePromptDialog";
import { feedPaths } from "../../../common/feeds";
import { titled } from "../../head";
import type { LoaderArgs, PageHead } from "../../route-module";

const DIFFICULTY_TONE = { beginner: "success", intermediate: "warning", advanced: "destructive" } as const;

function PromptCard({ prompt, detailHref }: { prompt: Prompt; detailHref: string }) {
  return (
    <Card className="flex flex-col p-5" data-testid="prompt-card">
      <article aria-labelledby={`prompt-${prompt.id}-title`} className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{PROMPT_CATEGORY_LABELS[prompt.category as PromptCategory] ?? prompt.category}</Badge>
          <Badge tone={DIFFICULTY_TONE[prompt.difficulty as PromptDifficulty] ?? "outline"}>
            {PROMPT_DIFFICULTY_LABELS[prompt.difficulty as PromptDifficulty] ?? prompt.difficulty}
          </Badge>
          <Badge tone="outline">{promptModelLabel(prompt.aiModel)}</Badge>
        </div>
        <h2 id={`prompt-${prompt.id}-title`} className="text-lg font-semibold leading-tight wrap-anywhere">
          <Link to={detailHref} className="hover:underline">
            {prompt.title}
          </Link>
        </h2>
        {prompt.description ? (
          <p className="text-sm text-muted-foreground wrap-anywhere">{prompt.description}</p>
        ) : null}
        {/* The padding is the box's, not the clamped text's: a clamp hides what overflows the
            padding box, and a fifth line showed half-cut in the bottom padding. */}
        <div className="rounded-md bg-muted p-3">
          <pre className="line-clamp-4 whitespace-pre-wrap wrap-anywhere font-mono text-xs">
            {prompt.content}
          </pre>
        </div>
        {prompt.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {prompt.tags.map((t) => (
              <li key={t}>
                <Badge tone="outline" className="wrap-anywhere">
                  #{t}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-auto text-xs text-muted-foreground">
          by <span className="font-medium text-foreground">{prompt.author.username}</span> ·{" "}
          <time dateTime={prompt.createdAt} suppressHydrationWarning>
            {formatRelativeTime(prompt.createdAt)}
          </time>{" "}
          · <span data-testid="prompt-downloads">{countOf(prompt.downloads, "copy", "copies")}</span>
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
          <LikePromptButton prompt={prompt} />
          <div className="flex gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to={detailHref}>
                Details<span className="sr-only"> of {prompt.title}</span>
              </Link>
            </Button>
            <SaveButton kind="prompts" id={prompt.id} label={prompt.title} />
            {prompt.isOwn ? <SharePromptDialog prompt={prompt} /> : null}
            <CopyPromptButton prompt={prompt} />
          </div>
        </div>
      </article>
    </Card>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="block text-xs text-muted-foreground">
        {label}
      </Label>
      <select
        id={id}
        className={cn(selectClass, "w-auto min-w-36")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The list's filters as the address gives them, with the search typed so far. */
function filtersOf(params: URLSearchParams, search: string): PromptFilters {
  const category = PROMPT_CATEGORIES.includes(params.get("category") as PromptCategory)
    ? (params.get("category") as string)
    : "";
  const aiModel = params.get("aiModel") ?? "";
  const difficulty = params.get("difficulty") ?? "";
  const sort = PROMPT_SORTS.includes(params.get("sort") as never) ? (params.get("sort") as string) : "newest";
  return { category, search, aiModel, difficulty, sort };
}

/** "AI Prompt Library" (SPEC §2.8): category buttons, filters, "Share Prompt" for members, cards. */
export default function PromptsPage() {
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const { category, aiModel, difficulty, sort } = filtersOf(params, "");
  const openId = Number(params.get("prompt"));
  const [term, setTerm] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setSearch(term.trim()), TIMING.searchDebounceMs);
    return () => clearTimeout(t);
  }, [term]);

  /** Filters live in the address, so a filtered view can be shared and survives reloads. */
  const update = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const filters: PromptFilters = filtersOf(params, search);
  const prompts = usePrompts(filters);
  const list = prompts.data?.pages.flat() ?? [];
  const filtered = Boolean(category || search || aiModel || difficulty);
  const detailHref = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("prompt", String(id));
    return `?${next.toString()}`;
  };

  return (
    <Page
      title="AI Prompt Library"
      lead="Prompts shared by the community: copy them, like them, and say which models they worked on."
      actions={
        isAuthenticated ? (
          <SharePromptDialog defaultCategory={(category || undefined) as PromptCategory | undefined} />
        ) : (
          <Button asChild variant="outline">
            <Link to="/auth">Sign in to share a prompt</Link>
          </Button>
        )
      }
    >
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Filter by category</legend>
        {[
          { value: "", label: "All" },
          ...PROMPT_CATEGORIES.map((c) => ({ value: c, label: PROMPT_CATEGORY_LABELS[c] })),
        ].map((c) => (
          <Button
            key={c.value || "all"}
            size="sm"
            variant={category === c.value ? "primary" : "outline"}
            aria-pressed={category === c.value}
            onClick={() => update({ category: c.value })}
          >
            {c.label}
          </Button>
        ))}
      </fieldset>

      <div className="mb-6 flex flex-wrap items-end gap-3">
        <form className="min-w-56 flex-1" onSubmit={(e) => e.preventDefault()}>
          <div className="space-y-1">
            <Label htmlFor="prompt-search" className="block text-xs text-muted-foreground">
              Search prompts
            </Label>
            <div className="relative">
              <Search className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" aria-hidden="true" />
              <Input
                id="prompt-search"
                type="search"
                className="pl-9"
                placeholder="Words or a tag..."
                value={term}
                onChange={(e) => setTerm(e.target.value)}
              />
            </div>
          </div>
        </form>
        <FilterSelect
          id="prompt-filter-model"
          label="AI model"
          value={aiModel}
          onChange={(v) => update({ aiModel: v })}
          options={[
            { value: "", label: "All models" },
            ...PROMPT_MODELS.map((m) => ({ value: m, label: promptModelLabel(m) })),
          ]}
        />
        <FilterSelect
          id="prompt-filter-difficulty"
          label="Difficulty"
          value={difficulty}
          onChange={(v) => update({ difficulty: v })}
          options={[
            { value: "", label: "All levels" },
            ...PROMPT_DIFFICULTIES.map((d) => ({ value: d, label: PROMPT_DIFFICULTY_LABELS[d] })),
          ]}
        />
        <FilterSelect
          id="prompt-sort"
          label="Sort by"
          value={sort}
          onChange={(v) => update({ sort: v === "newest" ? "" : v })}
          options={PROMPT_SORTS.map((s) => ({ value: s, label: PROMPT_SORT_LABELS[s] }))}
        />
      </div>

      {prompts.isLoading ? (
        <Spinner label="Loading prompts..." />
      ) : prompts.isError ? (
        <EmptyState
          title={PROMPT_MESSAGES.fetchFailed}
          action={
            <Button variant="outline" onClick={() => prompts.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : list.length === 0 ? (
        filtered ? (
          <EmptyState title="No prompts found" description="Try another category, model or search term." />
        ) : (
          <EmptyState
            icon={<Sparkles className="h-8 w-8" />}
            title="No prompts shared yet"
            description={
              isAuthenticated ? "Share the first prompt that works well for you." : "Check back soon."
            }
          />
        )
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((p) => (
              <PromptCard key={p.id} prompt={p} detailHref={detailHref(p.id)} />
            ))}
          </div>
          {prompts.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                onClick={() => prompts.fetchNextPage()}
                disabled={prompts.isFetchingNextPage}
              >
                {prompts.isFetchingNextPage ? "Loading..." : "Load More"}
              </Button>
            </div>
          ) : null}
        </>
      )}

      {Number.isInteger(openId) && openId > 0 ? (
        <PromptDetailDialog key={openId} promptId={openId} onClose={() => update({ prompt: "" })} />
      ) : null}
    </Page>
  );
}

/** The server's render of the library: the first page for the address's filters (the search starts empty). */
export const loader = ({ search, client }: LoaderArgs) =>
  client.prefetchInfiniteQuery(promptsQuery(filtersOf(search, "")));

/** Advertises the chosen category's prompts feed, or each category's. */
export const head = ({ search }: LoaderArgs): PageHead => {
  const { category } = filtersOf(search, "");
  const categories = category ? [category as PromptCategory] : PROMPT_CATEGORIES;
  return {
    title: titled("AI Prompt Library"),
    alternate: categories.map((c) => ({
      href: feedPaths.prompts(c),
      title: `${PROMPT_CATEGORY_LABELS[c]} prompts`,
    })),
  };
};

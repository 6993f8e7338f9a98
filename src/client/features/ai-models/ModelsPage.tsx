import { countOf } from "../../../common/plural";
import { BadgeCheck, GitCompare, Search, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  COMPARE,
  MODEL_CATEGORIES,
  MODEL_MESSAGES,
  MODEL_PRICING,
  MODEL_SORT_LABELS,
  MODEL_SORTS,
  type ModelPricing,
  type ModelSort,
  type ModelSummary,
} from "../../../common/ai-models";
import { MODELS_PAGE_LEAD, TIMING } from "../../../common/constants";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Input, Label } from "../../ui/input";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { titled } from "../../head";
import type { LoaderArgs, PageHead } from "../../route-module";
import { useAuth } from "../auth/useAuth";
import { type ModelListParams, modelListQuery, useModelList } from "./api";
import { ModelStats, PricingBadge, type SelectedModel, useCompareSelection } from "./components";

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring";

/** The list's filters as the address gives them (the screen and the server's render read them alike). */
function filtersOf(params: URLSearchParams): ModelListParams {
  const category = params.get("category") ?? undefined;
  const sort = params.get("sort") ?? undefined;
  const pricing = (params.get("pricing") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p): p is ModelPricing => (MODEL_PRICING as readonly string[]).includes(p));
  return {
    search: params.get("search")?.trim() || undefined,
    category: category && (MODEL_CATEGORIES as readonly string[]).includes(category) ? category : undefined,
    sort: sort && (MODEL_SORTS as readonly string[]).includes(sort) ? (sort as ModelSort) : undefined,
    pricing: pricing.length > 0 ? pricing : undefined,
  };
}

/** Filters live in the address (search, category, sort, pricing=Free,Paid) so a view can be shared. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);

  const update = (
    change: Partial<Record<"search" | "category" | "sort" | "pricing", string | undefined>>,
  ) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  };
  return { filters, update, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

function ModelCard({
  model,
  selected,
  disabled,
  onToggle,
}: {
  model: ModelSummary;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const checkboxId = `compare-${model.id}`;
  return (
    <Card className="flex h-full flex-col p-5" data-testid="model-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="outline">{model.category}</Badge>
        <PricingBadge pricing={model.pricing} />
        {model.isOpenSource ? <Badge>Open weights</Badge> : null}
      </div>
      <h2 className="mt-3 text-lg font-semibold leading-tight">
        <Link to={`/ai-models/${model.slug}`} className="hover:underline">
          {model.name}
        </Link>
        {model.isVerified ? (
          <BadgeCheck className="ml-1 inline h-4 w-4 text-primary" aria-label="Verified facts" role="img" />
        ) : null}
      </h2>
      <p className="text-sm text-muted-foreground">{model.company}</p>
      <p className="mt-2 line-clamp-3 flex-1 text-sm">{model.description}</p>
      <ModelStats
        className="mt-3"
        rating={model.rating}
        reviewCount={model.reviewCount}
        likes={model.likes}
        views={model.views}
      />
      <p className="mt-1 text-sm text-muted-foreground">
        Benchmark score: {model.benchmarkScore === null ? "N/A" : `${model.benchmarkScore}/100`}
      </p>
      <div className="mt-4 flex items-center justify-between gap-2 border-t border-border pt-3">
        <label htmlFor={checkboxId} className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            id={checkboxId}
            type="checkbox"
            checked={selected}
            disabled={disabled}
            onChange={onToggle}
            className="h-4 w-4 accent-[var(--primary)]"
          />
          Compare<span className="sr-only"> {model.name}</span>
        </label>
        <Button asChild variant="outline" size="sm">
          <Link to={`/ai-models/${model.slug}`}>
            View Details<span className="sr-only"> of {model.name}</span>
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function CompareBar({
  selected,
  onRemove,
  onClear,
  signedIn,
}: {
  selected: SelectedModel[];
  onRemove: (m: SelectedModel) => void;
  onClear: () => void;
  signedIn: boolean;
}) {
  const navigate = useNavigate();
  if (selected.length === 0) return null;
  const ready = selected.length >= COMPARE.minModels;
  return (
    <section
      aria-label="Compare selection"
      className="sticky bottom-4 z-30 mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-lg"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {selected.length}/{COMPARE.maxModels} selected
        {ready ? "" : ` — select at least ${COMPARE.minModels} to compare`}
      </p>
      <ul className="flex flex-wrap gap-2">
        {selected.map((m) => (
          <li key={m.id}>
            <Badge tone="outline" className="gap-1 py-1">
              {m.name}
              <button
                type="button"
                onClick={() => onRemove(m)}
                aria-label={`Remove ${m.name} from comparison`}
                className="rounded-full p-0.5 hover:bg-muted"
              >
                <X className="h-3 w-3" aria-hidden="true" />
              </button>
            </Badge>
          </li>
        ))}
      </ul>
      <div className="ml-auto flex gap-2">
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear
        </Button>
        {signedIn ? (
          <Button
            size="sm"
            disabled={!ready}
            onClick={() => navigate(`/ai-models/compare?models=${selected.map((m) => m.id).join(",")}`)}
          >
            <GitCompare className="h-4 w-4" aria-hidden="true" /> Compare
          </Button>
        ) : (
          <Button size="sm" asChild>
            <Link to="/auth">Log in to compare</Link>
          </Button>
        )}
      </div>
    </section>
  );
}

export default function ModelsPage() {
  const { filters, update, clear } = useFilters();
  const { isAuthenticated } = useAuth();
  const [searchText, setSearchText] = useState(filters.search ?? "");
  const selection = useCompareSelection();
  const query = useModelList(filters);

  // Typing updates the address after a short pause (SPEC §9 debounce), so each key is not a request.
  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === (filters.search ?? "")) return;
    const timer = setTimeout(() => update({ search: trimmed || undefined }), TIMING.searchDebounceMs);
    return () => clearTimeout(timer);
  });
  // Back/forward or a cleared filter changes the address: follow it.
  useEffect(() => {
    setSearchText((current) =>
      current.trim() === (filters.search ?? "") ? current : (filters.search ?? ""),
    );
  }, [filters.search]);

  const models = query.data?.pages.flat() ?? [];
  const hasFilters = Boolean(filters.search || filters.category || filters.sort || filters.pricing);

  // The router applies address changes in a transition, so a controlled checkbox would snap back
  // until it commits (and a quick second click would start from the old list). The boxes show the
  // member's latest choice at once; the address catches up.
  const urlPricing = (filters.pricing ?? []).join(",");
  const [pendingPricing, setPendingPricing] = useState<string | null>(null);
  const shownPricing = (pendingPricing ?? urlPricing).split(",").filter(Boolean);
  useEffect(() => {
    setPendingPricing((pending) => (pending === urlPricing ? null : pending));
  }, [urlPricing]);
  const togglePricing = (p: ModelPricing) => {
    const next = shownPricing.includes(p) ? shownPricing.filter((x) => x !== p) : [...shownPricing, p];
    const value = MODEL_PRICING.filter((x) => next.includes(x)).join(",");
    setPendingPricing(value);
    update({ pricing: value || undefined });
  };
  const clearAll = () => {
    setSearchText("");
    setPendingPricing(null);
    clear();
  };

  return (
    <Page
      title="AI Models"
      lead={MODELS_PAGE_LEAD}
      actions={
        <Button asChild variant="outline">
          <Link to="/ai-models/requests">Request a model</Link>
        </Button>
      }
    >
      <form
        aria-label="Filter AI models"
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: searchText.trim() || undefined });
        }}
        className="grid gap-4 rounded-xl border border-border bg-card p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="model-search">Search models</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="model-search"
              type="search"
              value={searchText}
              maxLength={100}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Name, company or description"
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="model-category">Category</Label>
          <select
            id="model-category"
            className={selectClass}
            value={filters.category ?? ""}
            onChange={(e) => update({ category: e.target.value || undefined })}
          >
            <option value="">All Categories</option>
            {MODEL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="model-sort">Sort by</Label>
          <select
            id="model-sort"
            className={selectClass}
            value={filters.sort ?? ""}
            onChange={(e) => update({ sort: e.target.value || undefined })}
          >
            <option value="">{filters.search ? "Best match" : MODEL_SORT_LABELS.rating}</option>
            {MODEL_SORTS.map((s) => (
              <option key={s} value={s}>
                {MODEL_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 md:col-span-3">
          <legend className="mb-1 text-sm font-medium">Pricing</legend>
          {MODEL_PRICING.map((p) => (
            <label key={p} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={shownPricing.includes(p)}
                onChange={() => togglePricing(p)}
                className="h-4 w-4 accent-[var(--primary)]"
              />
              {p}
            </label>
          ))}
          {hasFilters ? (
            <Button variant="ghost" size="sm" className="ml-auto" onClick={clearAll}>
              Clear filters
            </Button>
          ) : null}
        </fieldset>
      </form>

      <div className="mt-6">
        {query.isPending ? (
          <Spinner label="Loading models..." />
        ) : query.isError ? (
          <EmptyState
            title="Failed to fetch models"
            description={errorMessage(query.error, "Please try again.")}
          />
        ) : models.length === 0 ? (
          <EmptyState
            title={MODEL_MESSAGES.noModels}
            description="Try another search term, or clear the category and pricing filters."
            action={
              hasFilters ? (
                <Button variant="outline" onClick={clearAll}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              Showing {countOf(models.length, "model")}
              {query.hasNextPage ? " (more below)" : ""}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {models.map((m) => {
                const selected = selection.selected.some((s) => s.id === m.id);
                return (
                  <li key={m.id}>
                    <ModelCard
                      model={m}
                      selected={selected}
                      disabled={!selected && selection.isFull}
                      onToggle={() => selection.toggle({ id: m.id, name: m.name })}
                    />
                  </li>
                );
              })}
            </ul>
            {query.hasNextPage ? (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? "Loading..." : "Load More Models"}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>

      <CompareBar
        selected={selection.selected}
        onRemove={selection.toggle}
        onClear={selection.clear}
        signedIn={isAuthenticated}
      />
    </Page>
  );
}

/** The server's render of the directory: the first page of models for the address's filters. */
export const loader = ({ search, client }: LoaderArgs) =>
  client.prefetchInfiniteQuery(modelListQuery(filtersOf(search)));

export const head = (): PageHead => ({
  title: titled("AI Models Directory"),
  description:
    "Browse, filter and compare AI models — language, image, audio, code and video models — with community ratings, reviews and benchmark scores.",
  path: "/ai-models",
});

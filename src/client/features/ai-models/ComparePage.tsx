import { countOf } from "../../../common/plural";
import { ArrowLeft, Check, Plus, Printer, Trophy, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  type AiModel,
  COMPARE,
  highestIndexes,
  MODEL_MESSAGES,
  PRICE_WEIGHTS,
  hasFewRatings,
  pickBestValue,
  pickHighest,
  RATING_PRIOR_WEIGHT,
} from "../../../common/ai-models";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { ScrollRegion } from "../../ui/scroll-region";
import { Spinner } from "../../ui/spinner";
import { compareQuery, useCompare } from "./api";
import { HeadToHeadSection, headToHeadQuery } from "./arena";
import {
  Bar,
  FewRatings,
  formatCount,
  formatRating,
  GenerationSplit,
  PricingBadge,
  useCompareSelection,
} from "./components";
import { clip, titled } from "../../head";
import type { LoaderArgs, PageHead } from "../../route-module";

/**
 * "Export Comparison" prints this page: black on white whatever the theme, no overlays (cookie
 * and promo banners are fixed-position), cards and tables kept whole. Mounted only with the page.
 */
const PRINT_CSS = `
@media print {
  html, html.dark {
    --background: #fff; --foreground: #000; --card: #fff; --card-foreground: #000;
    --muted: #f1f1f1; --muted-foreground: #333; --border: #999; --input: #999;
    --primary: #000; --primary-foreground: #fff; --secondary: #f1f1f1; --secondary-foreground: #000;
    --accent: #f1f1f1; --accent-foreground: #000; --success: #14532d; --destructive: #7f1d1d;
    color-scheme: light;
  }
  body .fixed, body .sticky { display: none !important; }
  body { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  table, tr, li { break-inside: avoid; }
  a { text-decoration: none; }
}`;

/** `models=1,2,3` → distinct positive ids in order, at most 3 (anything else is ignored). */
function readIds(raw: string | null): number[] {
  const ids: number[] = [];
  for (const part of (raw ?? "").split(",")) {
    const p = part.trim();
    if (!/^\d{1,10}$/.test(p)) continue;
    const id = Number(p);
    if (id >= 1 && id <= 2_147_483_647 && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, COMPARE.maxModels);
}

function BackLink() {
  return (
    <Link
      to="/ai-models"
      className="no-print inline-flex items-center gap-1 text-sm text-primary hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to AI Models
    </Link>
  );
}

function BrowseLink() {
  return (
    <Button asChild>
      <Link to="/ai-models">Browse AI Models</Link>
    </Button>
  );
}

function YesNo({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-flex items-center gap-1 text-success">
      <Check className="h-5 w-5" aria-hidden="true" />
      <span className="sr-only">Yes</span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-destructive">
      <X className="h-5 w-5" aria-hidden="true" />
      <span className="sr-only">No</span>
    </span>
  );
}

interface MetricRow {
  label: string;
  value: (m: AiModel) => number | null;
  format: (v: number | null) => string;
  bar?: number;
}

const METRICS: MetricRow[] = [
  { label: "Rating", value: (m) => m.rating, format: (v) => `${formatRating(v ?? 0)}/5`, bar: 5 },
  { label: "Likes", value: (m) => m.likes, format: (v) => formatCount(v ?? 0) },
  { label: "Views", value: (m) => m.views, format: (v) => formatCount(v ?? 0) },
  {
    label: "Benchmark Score",
    value: (m) => m.benchmarkScore,
    format: (v) => (v === null ? "N/A" : `${v}/100`),
    bar: 100,
  },
  { label: "Reviews", value: (m) => m.reviewCount, format: (v) => formatCount(v ?? 0) },
];

function ComparisonTable({
  caption,
  models,
  children,
}: {
  caption: string;
  models: AiModel[];
  children: ReactNode;
}) {
  return (
    <ScrollRegion
      label={`${caption}, scrolls sideways`}
      className="rounded-xl border border-border print:overflow-visible"
    >
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="bg-muted">
            <th scope="col" className="p-3 text-left font-semibold">
              Metric
            </th>
            {models.map((m) => (
              <th key={m.id} scope="col" className="p-3 text-left font-semibold">
                {m.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

function SummaryItem({
  title,
  model,
  why,
  fallback,
}: {
  title: string;
  model: AiModel | null;
  why: string;
  fallback: string;
}) {
  return (
    <Card className="p-4 print:break-inside-avoid">
      <h3 className="flex items-center gap-2 font-semibold">
        <Trophy className="h-4 w-4 text-primary" aria-hidden="true" /> {title}
      </h3>
      {model ? (
        <p className="mt-1">
          <Link to={`/ai-models/${model.slug}`} className="font-medium text-primary underline">
            {model.name}
          </Link>
        </p>
      ) : (
        <p className="mt-1 text-muted-foreground">{fallback}</p>
      )}
      <p className="mt-1 text-xs text-muted-foreground">{why}</p>
    </Card>
  );
}

export default function ComparePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection = useCompareSelection();
  const ids = readIds(params.get("models"));
  const query = useCompare(ids);

  const remove = (id: number) => {
    const rest = ids.filter((x) => x !== id);
    const chosen = selection.selected.find((s) => s.id === id);
    if (chosen) selection.toggle(chosen);
    navigate(rest.length ? `/ai-models/compare?models=${rest.join(",")}` : "/ai-models/compare", {
      replace: true,
    });
  };

  if (ids.length === 0) {
    return (
      <Page title="Compare AI Models">
        <EmptyState
          title={MODEL_MESSAGES.noneSelected}
          description={`Select ${COMPARE.minModels} or ${COMPARE.maxModels} models in the directory to compare them side by side.`}
          action={<BrowseLink />}
        />
      </Page>
    );
  }
  if (query.isPending) return <Spinner label="Loading comparison..." className="min-h-[40vh]" />;
  if (query.isError) {
    return (
      <Page title="Compare AI Models">
        <EmptyState
          title="Could not load the comparison"
          description={errorMessage(query.error, "Please try again.")}
          action={<BrowseLink />}
        />
      </Page>
    );
  }
  const models = query.data;
  if (models.length === 0) {
    return (
      <Page title="Compare AI Models">
        <EmptyState
          title={MODEL_MESSAGES.modelsNotFound}
          description="None of the selected models are in the directory."
          action={<BrowseLink />}
        />
      </Page>
    );
  }

  // Ranked by the Bayesian score, not the plain mean (decision 0097).
  const bestOverall = pickHighest(models, (m) => m.score);
  const mostPopular = pickHighest(models, (m) => m.likes);
  const bestValue = pickBestValue(models);
  const cols = models.length === 1 ? "" : models.length === 2 ? "md:grid-cols-2" : "md:grid-cols-3";

  return (
    <Page
      title="Compare AI Models"
      lead={`Comparing ${models.map((m) => m.name).join(", ")}`}
      actions={
        <div className="no-print flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/ai-models">
              <Plus className="h-4 w-4" aria-hidden="true" /> Add More Models
            </Link>
          </Button>
          <Button onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden="true" /> Export Comparison
          </Button>
        </div>
      }
    >
      <style>{PRINT_CSS}</style>
      <div className="mb-4">
        <BackLink />
      </div>
      <p className="mb-4 hidden text-sm print:block">
        AI Agora model comparison, printed {new Date().toLocaleDateString("en-US", { dateStyle: "long" })}
      </p>
      {models.length < COMPARE.minModels ? (
        <p className="no-print mb-4 text-sm text-muted-foreground">
          Add at least one more model to compare side by side.{" "}
          <Link to="/ai-models" className="text-primary underline">
            Browse AI Models
          </Link>
        </p>
      ) : null}

      <ul className={cn("grid gap-4", cols)} aria-label="Models compared">
        {models.map((m) => (
          <li key={m.id}>
            <Card
              className="relative flex h-full flex-col gap-2 p-5 print:break-inside-avoid print:shadow-none"
              data-testid="compare-card"
            >
              <button
                type="button"
                onClick={() => remove(m.id)}
                aria-label={`Remove ${m.name} from comparison`}
                className="no-print absolute right-3 top-3 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
              <div className="flex flex-wrap gap-2 pr-8">
                <Badge tone="outline">{m.category}</Badge>
                <PricingBadge pricing={m.pricing} />
              </div>
              <h2 className="text-lg font-semibold">
                <Link to={`/ai-models/${m.slug}`} className="hover:underline">
                  {m.name}
                </Link>
              </h2>
              <p className="text-sm text-muted-foreground">{m.company}</p>
              <p className="text-sm">{m.description}</p>
              <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">Rating</dt>
                  <dd className="font-semibold">
                    {formatRating(m.rating)}/5{" "}
                    <span className="font-normal text-muted-foreground">
                      ({countOf(m.reviewCount, "rating")})
                    </span>
                    {hasFewRatings(m.reviewCount) ? <FewRatings /> : null}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Likes</dt>
                  <dd className="font-semibold">{formatCount(m.likes)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Views</dt>
                  <dd className="font-semibold">{formatCount(m.views)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Reviews</dt>
                  <dd className="font-semibold">{formatCount(m.reviewCount)}</dd>
                </div>
              </dl>
              <Button asChild variant="outline" size="sm" className="no-print mt-2">
                <Link to={`/ai-models/${m.slug}`}>
                  View Details<span className="sr-only"> of {m.name}</span>
                </Link>
              </Button>
            </Card>
          </li>
        ))}
      </ul>

      <section aria-labelledby="detailed-heading" className="mt-8 grid gap-3 print:break-inside-avoid">
        <h2 id="detailed-heading" className="text-xl font-semibold">
          Detailed Comparison
        </h2>
        <ComparisonTable
          caption="Detailed comparison of ratings, popularity and benchmark scores"
          models={models}
        >
          {METRICS.map((row) => {
            const values = models.map(row.value);
            const highest = highestIndexes(values);
            return (
              <tr key={row.label} className="border-t border-border">
                <th scope="row" className="p-3 text-left font-medium">
                  {row.label}
                </th>
                {values.map((v, i) => (
                  <td
                    key={models[i]!.id}
                    className={cn(
                      "p-3 align-top",
                      highest.has(i) && "bg-primary/10 font-semibold print:bg-transparent",
                    )}
                  >
                    <span>{row.format(v)}</span>
                    {highest.has(i) ? (
                      <span className="ml-1 text-primary print:text-black"> (highest)</span>
                    ) : null}
                    {row.bar ? <Bar value={v} max={row.bar} className="mt-2" /> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </ComparisonTable>
      </section>

      <section aria-labelledby="features-cmp-heading" className="mt-8 grid gap-3 print:break-inside-avoid">
        <h2 id="features-cmp-heading" className="text-xl font-semibold">
          Features Comparison
        </h2>
        <ComparisonTable caption="Features comparison" models={models}>
          {(
            [
              ["API Access", (m: AiModel) => <YesNo value={m.hasApi} />],
              ["Open Source", (m: AiModel) => <YesNo value={m.isOpenSource} />],
              ["Verified", (m: AiModel) => <YesNo value={m.isVerified} />],
              ["Model Size", (m: AiModel) => m.modelSize ?? "N/A"],
              ["Training Data", (m: AiModel) => m.trainingData ?? "N/A"],
            ] as const
          ).map(([label, cell]) => (
            <tr key={label} className="border-t border-border">
              <th scope="row" className="p-3 text-left font-medium">
                {label}
              </th>
              {models.map((m) => (
                <td key={m.id} className="p-3 align-top">
                  {cell(m)}
                </td>
              ))}
            </tr>
          ))}
        </ComparisonTable>
      </section>

      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="key-features-heading" className="grid content-start gap-3">
          <h2 id="key-features-heading" className="text-xl font-semibold">
            Key Features
          </h2>
          {models.map((m) => (
            <Card key={m.id} className="p-4 print:break-inside-avoid">
              <h3 className="font-semibold">{m.name}</h3>
              {m.features.length === 0 ? (
                <p className="text-sm text-muted-foreground">No features listed</p>
              ) : (
                <>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                    {m.features.slice(0, COMPARE.features).map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  {m.features.length > COMPARE.features ? (
                    <p className="mt-1 text-sm text-muted-foreground">
                      +{m.features.length - COMPARE.features} more features
                    </p>
                  ) : null}
                </>
              )}
            </Card>
          ))}
        </section>
        <section aria-labelledby="use-cases-heading" className="grid content-start gap-3">
          <h2 id="use-cases-heading" className="text-xl font-semibold">
            Use Cases
          </h2>
          {models.map((m) => (
            <Card key={m.id} className="p-4 print:break-inside-avoid">
              <h3 className="font-semibold">{m.name}</h3>
              {m.useCases.length === 0 ? (
                <p className="text-sm text-muted-foreground">No use cases listed</p>
              ) : (
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                  {m.useCases.slice(0, COMPARE.useCases).map((u) => (
                    <li key={u}>{u}</li>
                  ))}
                </ul>
              )}
            </Card>
          ))}
        </section>
      </div>

      <HeadToHeadSection models={models} />

      <section aria-labelledby="generation-heading" className="mt-8 grid gap-3 print:break-inside-avoid">
        <h2 id="generation-heading" className="text-xl font-semibold">
          Members' Rating by Generation
        </h2>
        <div className={cn("grid gap-4", cols)}>
          {models.map((m) => (
            <Card key={m.id} className="p-4">
              <h3 className="mb-2 font-semibold">{m.name}</h3>
              <GenerationSplit ratings={m.ratingsByGeneration} compact />
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="summary-heading" className="mt-8 grid gap-3 print:break-inside-avoid">
        <h2 id="summary-heading" className="text-xl font-semibold">
          Comparison Summary
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <SummaryItem
            title="Best Overall"
            model={bestOverall}
            why={`Highest members' rating, weighed by how many rated (a Bayesian average: ${RATING_PRIOR_WEIGHT} ratings at the site's mean added to each model).`}
            fallback="No ratings yet"
          />
          <SummaryItem
            title="Most Popular"
            model={mostPopular}
            why="Most likes from members."
            fallback="No likes yet"
          />
          <SummaryItem
            title="Best Value"
            model={bestValue}
            why={`The first free model; otherwise the best Bayesian rating weighted by price (Freemium ×${PRICE_WEIGHTS.Freemium}, Paid ×${PRICE_WEIGHTS.Paid}, Enterprise ×${PRICE_WEIGHTS.Enterprise}).`}
            fallback="No ratings yet"
          />
        </div>
      </section>
    </Page>
  );
}

/** The server's render of a comparison: the compared models (also for a visitor's link preview). */
export const loader = ({ search, client }: LoaderArgs) => {
  const ids = readIds(search.get("models"));
  if (ids.length === 0) return Promise.resolve();
  // The Arena's head-to-head needs two models at least (decision 0102).
  const h2h = ids.length >= 2 ? client.prefetchQuery(headToHeadQuery(ids)) : Promise.resolve();
  return Promise.all([client.prefetchQuery(compareQuery(ids)), h2h]);
};

export function head({ search, client }: LoaderArgs): PageHead {
  const ids = readIds(search.get("models"));
  const models = ids.length > 0 ? (client.getQueryData(compareQuery(ids).queryKey) ?? []) : [];
  if (models.length === 0) {
    return {
      title: titled("Compare AI Models"),
      description: "Compare up to three AI models side by side: ratings, pricing, features and use cases.",
      path: "/ai-models/compare",
    };
  }
  const names = models.map((m) => m.name);
  return {
    title: titled(`Compare ${names.join(" vs ")}`),
    description: clip(
      `${names.join(", ")} side by side: community ratings, pricing, benchmark scores, features and use cases.`,
    ),
    path: `/ai-models/compare?models=${models.map((m) => m.id).join(",")}`,
  };
}

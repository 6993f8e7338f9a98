import { Link, useSearchParams } from "react-router";
import { MODEL_CATEGORIES } from "../../../common/ai-models";
import {
  ARENA_RULES,
  ARENA_TAGS,
  ARENA_VIEWS,
  type ArenaView,
  agreementWords,
  type Board,
  generationLabel,
  type WinRates,
} from "../../../common/arena";
import { GENERATIONS } from "../../../common/constants";
import { titled } from "../../head";
import type { LoaderArgs, PageHead } from "../../route-module";
import { Badge } from "../../ui/badge";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { ScrollRegion } from "../../ui/scroll-region";
import { Spinner } from "../../ui/spinner";
import { ArenaNav } from "./ArenaNav";
import {
  agreementQuery,
  type BoardView,
  boardQuery,
  useAgreement,
  useBoard,
  useWinRates,
  winRatesQuery,
} from "./api";

const VIEW_LABELS: Record<ArenaView, string> = {
  overall: "Overall",
  category: "By category",
  tag: "By task",
  generation: "By generation",
};

const OPTIONS: Record<Exclude<ArenaView, "overall">, readonly string[]> = {
  category: MODEL_CATEGORIES,
  tag: ARENA_TAGS,
  generation: GENERATIONS,
};

const optionLabel = (view: ArenaView, g: string) => (view === "generation" ? generationLabel(g) : g);

/** The view in the address: `?view=generation&g=genz`; anything unknown is the overall board. */
export function viewOf(search: URLSearchParams): BoardView {
  const view = search.get("view") as ArenaView | null;
  if (!view || view === "overall" || !ARENA_VIEWS.includes(view)) return { view: "overall" };
  const options = OPTIONS[view];
  const g = search.get("g");
  return { view, g: g && options.includes(g) ? g : options[0] };
}

const hrefOf = (v: BoardView) =>
  v.view === "overall"
    ? "/arena/leaderboard"
    : `/arena/leaderboard?view=${v.view}&g=${encodeURIComponent(v.g ?? "")}`;

function ViewPicker({ current }: { current: BoardView }) {
  return (
    <div className="mb-6 space-y-3">
      <nav aria-label="Leaderboard views" className="flex flex-wrap gap-2">
        {ARENA_VIEWS.map((view) => {
          const v: BoardView = view === "overall" ? { view } : { view, g: OPTIONS[view][0] };
          const active = current.view === view;
          return (
            <Link
              key={view}
              to={hrefOf(active ? current : v)}
              aria-current={active ? "page" : undefined}
              className={cn(
                "rounded-md border border-border px-3 py-1.5 text-sm hover:bg-muted",
                active && "bg-secondary font-semibold text-secondary-foreground",
              )}
            >
              {VIEW_LABELS[view]}
            </Link>
          );
        })}
      </nav>
      {current.view !== "overall" ? (
        <nav aria-label={VIEW_LABELS[current.view]} className="flex flex-wrap gap-2">
          {OPTIONS[current.view].map((g) => (
            <Link
              key={g}
              to={hrefOf({ view: current.view, g })}
              aria-current={current.g === g ? "page" : undefined}
              className={cn(
                "rounded-full border border-border px-3 py-1 text-sm hover:bg-muted",
                current.g === g && "bg-primary text-primary-foreground",
              )}
            >
              {optionLabel(current.view, g)}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

function IntervalBar({
  lower,
  upper,
  rating,
  min,
  max,
}: {
  lower: number;
  upper: number;
  rating: number;
  min: number;
  max: number;
}) {
  const span = Math.max(1, max - min);
  const left = ((lower - min) / span) * 100;
  const width = Math.max(1, ((upper - lower) / span) * 100);
  const dot = ((rating - min) / span) * 100;
  return (
    <div className="relative h-3 w-32 rounded bg-muted" aria-hidden="true">
      <div
        className="absolute top-0 h-3 rounded bg-primary/40"
        style={{ left: `${left}%`, width: `${width}%` }}
      />
      <div className="absolute top-0 h-3 w-1 rounded bg-primary" style={{ left: `calc(${dot}% - 2px)` }} />
    </div>
  );
}

function BoardTable({ board }: { board: Board }) {
  const min = Math.min(...board.rows.map((r) => r.lower));
  const max = Math.max(...board.rows.map((r) => r.upper));
  return (
    <ScrollRegion label="Leaderboard, scrolls sideways">
      <table data-testid="arena-board" className="w-full text-left text-sm">
        <caption className="sr-only">Models ranked by rating, with 95% intervals</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-3">
              Rank
            </th>
            <th scope="col" className="py-2 pr-3">
              Model
            </th>
            <th scope="col" className="py-2 pr-3">
              Rating
            </th>
            <th scope="col" className="py-2 pr-3">
              95% interval
            </th>
            <th scope="col" className="py-2 pr-3">
              Rank spread
            </th>
            <th scope="col" className="py-2">
              Votes
            </th>
          </tr>
        </thead>
        <tbody>
          {board.rows.map((r) => (
            <tr key={r.model.id} className="border-b border-border">
              <td className="py-2 pr-3">{r.rank}</td>
              <th scope="row" className="py-2 pr-3 font-medium">
                <Link to={`/ai-models/${r.model.slug}`} className="text-primary underline">
                  {r.model.name}
                </Link>
                {r.provisional ? (
                  <Badge tone="warning" className="ml-2">
                    Provisional
                  </Badge>
                ) : null}
              </th>
              <td className="py-2 pr-3 tabular-nums">{Math.round(r.rating)}</td>
              <td className="py-2 pr-3">
                <div className="flex items-center gap-2">
                  <IntervalBar lower={r.lower} upper={r.upper} rating={r.rating} min={min} max={max} />
                  <span className="tabular-nums whitespace-nowrap">
                    {Math.round(r.lower)}–{Math.round(r.upper)}
                  </span>
                </div>
              </td>
              <td className="py-2 pr-3 tabular-nums">
                {r.rankBest === r.rankWorst ? r.rankBest : `${r.rankBest}–${r.rankWorst}`}
              </td>
              <td className="py-2 tabular-nums">{r.votes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Light fills only: the dark figure on them reads in both themes. */
const heat = (rate: number) => `hsl(${Math.round(rate * 130)}, 70%, 82%)`;

/** The view's head-to-head heatmap: its own call (two thirds of a board's bytes), loaded with the page. */
function WinRateSection({ view }: { view: BoardView }) {
  const rates = useWinRates(view);
  if (rates.isLoading) return <Spinner label="Loading the head-to-head..." />;
  if (!rates.data || rates.data.models.length < 2) return null;
  return <WinRateMatrix rates={rates.data} />;
}

function WinRateMatrix({ rates }: { rates: WinRates }) {
  const n = rates.models.length;
  const cell = 44;
  const label = 150;
  const names = rates.models.map((m) => m.name);
  const pct = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)}%`);
  return (
    <section aria-labelledby="matrix-heading" className="mt-10">
      <h2 id="matrix-heading" className="mb-2 text-xl font-semibold">
        Head to head
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        How often the row's model beat the column's (ties count as half).
      </p>
      <ScrollRegion label="Win-rate heatmap, scrolls sideways">
        <svg
          role="img"
          aria-label="Win-rate heatmap. The same figures are in the table below."
          width={label + n * cell}
          height={label + n * cell}
          className="text-foreground"
        >
          {names.map((name, j) => (
            <text
              key={`c${name}`}
              x={label + j * cell + cell / 2}
              y={label - 6}
              transform={`rotate(-45 ${label + j * cell + cell / 2} ${label - 6})`}
              fontSize="11"
              fill="currentColor"
            >
              {name.length > 22 ? `${name.slice(0, 21)}…` : name}
            </text>
          ))}
          {rates.matrix.map((row, i) => (
            <g key={names[i]}>
              <text
                x={label - 6}
                y={label + i * cell + cell / 2 + 4}
                fontSize="11"
                textAnchor="end"
                fill="currentColor"
              >
                {names[i]!.length > 22 ? `${names[i]!.slice(0, 21)}…` : names[i]}
              </text>
              {row.map((rate, j) => (
                <g key={names[j]}>
                  <rect
                    x={label + j * cell}
                    y={label + i * cell}
                    width={cell - 2}
                    height={cell - 2}
                    fill={rate === null ? "transparent" : heat(rate)}
                    stroke="currentColor"
                    strokeOpacity={0.15}
                  />
                  {rate === null ? null : (
                    <text
                      x={label + j * cell + cell / 2 - 1}
                      y={label + i * cell + cell / 2 + 4}
                      fontSize="11"
                      textAnchor="middle"
                      fill="#111"
                    >
                      {Math.round(rate * 100)}
                    </text>
                  )}
                </g>
              ))}
            </g>
          ))}
        </svg>
      </ScrollRegion>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium">Show the win rates as a table</summary>
        <ScrollRegion label="Win rates, scrolls sideways" className="mt-2">
          <table className="text-left text-sm" data-testid="arena-matrix-table">
            <caption className="sr-only">Win rate of the row's model against the column's model</caption>
            <thead>
              <tr>
                <td />
                {names.map((name) => (
                  <th key={name} scope="col" className="px-2 py-1">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rates.matrix.map((row, i) => (
                <tr key={names[i]}>
                  <th scope="row" className="px-2 py-1">
                    {names[i]}
                  </th>
                  {row.map((rate, j) => (
                    <td key={names[j]} className="px-2 py-1 tabular-nums">
                      {pct(rate)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
}

function AgreementTable() {
  const agreement = useAgreement();
  const pairs = agreement.data?.pairs ?? [];
  if (pairs.length === 0) return null;
  return (
    <section aria-labelledby="agreement-heading" className="mt-10">
      <h2 id="agreement-heading" className="mb-2 text-xl font-semibold">
        How much do generations agree?
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Kendall's τ between two generations' rankings of the models both ranked: 1 is the same order, −1 the
        reverse.
      </p>
      <ScrollRegion label="Agreement, scrolls sideways">
        <table className="text-left text-sm" data-testid="arena-agreement">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4">
                Generations
              </th>
              <th scope="col" className="py-2 pr-4">
                τ
              </th>
              <th scope="col" className="py-2 pr-4">
                Agreement
              </th>
              <th scope="col" className="py-2">
                Models
              </th>
            </tr>
          </thead>
          <tbody>
            {pairs.map((p) => (
              <tr key={`${p.a}-${p.b}`} className="border-b border-border">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {generationLabel(p.a)} and {generationLabel(p.b)}
                </th>
                <td className="py-2 pr-4 tabular-nums">{p.tau === null ? "—" : p.tau.toFixed(2)}</td>
                <td className="py-2 pr-4">{agreementWords(p.tau)}</td>
                <td className="py-2 tabular-nums">{p.models}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** `/arena/leaderboard`: every view has its own address; public, server-rendered for visitors. */
export default function LeaderboardPage() {
  const [search] = useSearchParams();
  const view = viewOf(search);
  const board = useBoard(view);
  const title =
    view.view === "overall"
      ? "Arena Leaderboard"
      : `Arena Leaderboard: ${optionLabel(view.view, view.g ?? "")}`;
  return (
    <Page title={title} lead="Bradley–Terry ratings from blind votes, with 95% bootstrap intervals.">
      <ArenaNav />
      <ViewPicker current={view} />
      {board.isLoading ? (
        <Spinner label="Loading the leaderboard..." />
      ) : board.isError || !board.data ? (
        <EmptyState title="Could not load the leaderboard" />
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" data-testid="arena-computed">
            {board.data.computedAt ? (
              <>
                {board.data.votes} counted {board.data.votes === 1 ? "vote" : "votes"}. Computed{" "}
                <time dateTime={board.data.computedAt}>
                  {new Date(board.data.computedAt).toISOString().slice(0, 16).replace("T", " ")} UTC
                </time>
                ; recomputed every few minutes. Rows with fewer than {ARENA_RULES.minVotes} votes are
                provisional.{" "}
                <Link to="/arena/about" className="text-primary underline">
                  How this works
                </Link>
              </>
            ) : (
              "Not computed yet: the first recompute runs within a few minutes."
            )}
          </p>
          {board.data.rows.length === 0 ? (
            <EmptyState title="No votes in this view yet" description="Vote in the Arena to fill it." />
          ) : (
            <Card className="p-4">
              <BoardTable board={board.data} />
            </Card>
          )}
          {board.data.rows.length > 1 ? <WinRateSection view={view} /> : null}
        </>
      )}
      {view.view === "generation" ? <AgreementTable /> : null}
    </Page>
  );
}

export const loader = ({ search, client }: LoaderArgs) => {
  const view = viewOf(search);
  return Promise.all([
    client.prefetchQuery(boardQuery(view)),
    client.prefetchQuery(winRatesQuery(view)),
    view.view === "generation" ? client.prefetchQuery(agreementQuery()) : Promise.resolve(),
  ]);
};

export const head = ({ search }: LoaderArgs): PageHead => {
  const view = viewOf(search);
  const path = hrefOf(view);
  return view.view === "overall"
    ? {
        title: titled("Arena Leaderboard"),
        description: "AI models ranked by blind pairwise votes, with confidence intervals.",
        path,
      }
    : {
        title: titled(`Arena Leaderboard: ${optionLabel(view.view, view.g ?? "")}`),
        description: `AI models ranked by blind pairwise votes (${VIEW_LABELS[view.view].toLowerCase()}), with confidence intervals.`,
        path,
      };
};

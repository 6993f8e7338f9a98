import { countOf, plural } from "../../../common/plural";
import { Eye, Heart, Star, Users } from "lucide-react";
import { useCallback, useSyncExternalStore } from "react";
import {
  COMPARE,
  FEW_RATINGS_LABEL,
  FEW_RATINGS_MIN,
  GENERATION_SPLIT_MIN_RATINGS,
  hasFewRatings,
  type GenerationRating,
  type ModelPricing,
} from "../../../common/ai-models";
import { GENERATION_LABELS } from "../../../common/constants";
import { Badge } from "../../ui/badge";
import { cn } from "../../ui/cn";

export const formatCount = (n: number) => n.toLocaleString("en-US");
export const formatRating = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** Read-only stars for an average (rounded to the nearest whole star), with its value in words. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  const whole = Math.round(rating);
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={`Rated ${formatRating(rating)} out of 5`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn("h-4 w-4", n <= whole ? "fill-yellow-400 text-yellow-600" : "text-muted-foreground")}
        />
      ))}
    </span>
  );
}

/** A 1–5 picker made of native radio buttons (keyboard and screen readers for free). */
export function StarInput({
  value,
  onChange,
  name,
  describedBy,
  invalid,
  ref,
}: {
  value: number;
  onChange: (value: number) => void;
  name: string;
  describedBy?: string;
  invalid?: boolean;
  /** The radio a form focuses when the rating is missing: the chosen star, else the first. */
  ref?: React.Ref<HTMLInputElement>;
}) {
  return (
    <div
      className="flex gap-1"
      role="radiogroup"
      aria-label="Your rating"
      aria-describedby={describedBy}
      aria-invalid={invalid}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <label
          key={n}
          className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
        >
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            ref={value === n || (value < 1 && n === 1) ? ref : undefined}
            onChange={() => onChange(n)}
            className="sr-only"
          />
          <Star
            aria-hidden="true"
            className={cn(
              "h-7 w-7 transition-colors",
              n <= value ? "fill-yellow-400 text-yellow-600" : "text-muted-foreground",
            )}
          />
          <span className="sr-only">{countOf(n, "star")}</span>
        </label>
      ))}
    </div>
  );
}

export function PricingBadge({ pricing }: { pricing: ModelPricing }) {
  // Text stays the foreground color (the `success` badge tone is below 4.5:1 in the light theme).
  if (pricing === "Free") {
    return (
      <Badge tone="outline" className="border-success bg-success/10">
        {pricing}
      </Badge>
    );
  }
  return <Badge tone={pricing === "Enterprise" ? "outline" : "default"}>{pricing}</Badge>;
}

/**
 * The "Few ratings" mark (decision 0097): fewer than FEW_RATINGS_MIN ratings, so the mean says
 * little and the ranking leans on the site's mean.
 */
export function FewRatings() {
  return (
    <Badge
      tone="outline"
      className="ml-2 align-middle text-xs font-normal"
      title={`Fewer than ${FEW_RATINGS_MIN} ratings: ranked close to the site's average until more members rate it.`}
    >
      {FEW_RATINGS_LABEL}
    </Badge>
  );
}

/** Five bars with the count of each star, largest first, and the same figures as a list for screen readers. */
export function RatingDistribution({ counts }: { counts: number[] }) {
  const total = counts.reduce((a, b) => a + b, 0);
  const max = Math.max(1, ...counts);
  const rows = [5, 4, 3, 2, 1].map((star) => ({ star, count: counts[star - 1] ?? 0 }));
  return (
    <figure className="grid gap-1" aria-labelledby="distribution-caption">
      <figcaption id="distribution-caption" className="text-sm font-medium">
        Rating distribution
      </figcaption>
      <ul className="grid gap-1" data-testid="rating-distribution">
        {rows.map(({ star, count }) => (
          <li key={star} className="grid grid-cols-[4.5rem_1fr_3.5rem] items-center gap-2 text-sm">
            <span>{countOf(star, "star")}</span>
            <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-muted">
              <span
                className="block h-full rounded-full bg-yellow-500"
                style={{ width: `${(count / max) * 100}%` }}
              />
            </span>
            <span className="tabular-nums text-muted-foreground">
              {formatCount(count)}
              <span className="sr-only">
                {" "}
                {plural(count, "rating")}
                {total > 0 ? ` (${Math.round((count / total) * 100)}%)` : ""}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Rating, likes and views of a model, as on cards. */
export function ModelStats({
  rating,
  reviewCount,
  likes,
  views,
  className,
}: {
  rating: number;
  reviewCount: number;
  likes: number;
  views: number;
  className?: string;
}) {
  return (
    <dl className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm", className)}>
      <div className="flex items-center gap-1">
        <dt className="sr-only">Rating</dt>
        <Star className="h-4 w-4 fill-yellow-400 text-yellow-600" aria-hidden="true" />
        <dd>
          <span className="font-semibold tabular-nums">{formatRating(rating)}</span>
          <span className="text-muted-foreground">
            {" "}
            ({formatCount(reviewCount)} {plural(reviewCount, "review")})
          </span>
          {hasFewRatings(reviewCount) ? <FewRatings /> : null}
        </dd>
      </div>
      <div className="flex items-center gap-1">
        <dt className="sr-only">Likes</dt>
        <Heart className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        <dd className="tabular-nums">
          {formatCount(likes)}
          <span className="sr-only"> likes</span>
        </dd>
      </div>
      <div className="flex items-center gap-1">
        <dt className="sr-only">Views</dt>
        <Eye className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        <dd className="tabular-nums">
          {formatCount(views)}
          <span className="sr-only"> views</span>
        </dd>
      </div>
    </dl>
  );
}

/** Members' average rating per generation (only generations with enough ratings come from the API). */
export function GenerationSplit({ ratings, compact }: { ratings: GenerationRating[]; compact?: boolean }) {
  if (ratings.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        A generation's average appears once {GENERATION_SPLIT_MIN_RATINGS} of its members have rated this
        model.
      </p>
    );
  }
  return (
    <ul className={cn("grid gap-2", compact ? "" : "sm:grid-cols-2")}>
      {ratings.map((r) => (
        <li
          key={r.generation}
          className="flex items-center justify-between gap-3 rounded-md bg-muted px-3 py-2 text-sm"
        >
          <span className="flex items-center gap-2 font-medium">
            <Users className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
            {GENERATION_LABELS[r.generation]}
          </span>
          <span>
            <span className="font-semibold tabular-nums">{formatRating(r.average)}</span>/5{" "}
            <span className="text-muted-foreground">({countOf(r.count, "rating")})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A horizontal bar for a 0–max value; the number is shown as text beside it, so the bar is decoration. */
export function Bar({ value, max, className }: { value: number | null; max: number; className?: string }) {
  const pct = value === null ? 0 : Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <div
      className={cn(
        "h-2 w-full overflow-hidden rounded-full bg-muted print:border print:border-black",
        className,
      )}
      aria-hidden="true"
    >
      <div className="h-full rounded-full bg-primary print:bg-black" style={{ width: `${pct}%` }} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Compare selection: at most 3 models, kept for the browser tab (sessionStorage)
// ---------------------------------------------------------------------------------------------

export interface SelectedModel {
  id: number;
  name: string;
}
const STORAGE_KEY = "agora.compare-selection";
const listeners = new Set<() => void>();
let cache: SelectedModel[] | null = null;

function read(): SelectedModel[] {
  if (cache) return cache;
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    cache = Array.isArray(parsed)
      ? parsed
          .filter((m): m is SelectedModel => typeof m?.id === "number" && typeof m?.name === "string")
          .slice(0, COMPARE.maxModels)
      : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(next: SelectedModel[]) {
  cache = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage unavailable (private mode): the selection lives in memory only
  }
  for (const l of listeners) l();
}

const EMPTY: SelectedModel[] = [];

export function useCompareSelection() {
  const selected = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => EMPTY,
  );
  const toggle = useCallback((m: SelectedModel) => {
    const current = read();
    if (current.some((s) => s.id === m.id)) write(current.filter((s) => s.id !== m.id));
    else if (current.length < COMPARE.maxModels) write([...current, m]);
  }, []);
  const clear = useCallback(() => write([]), []);
  return { selected, toggle, clear, isFull: selected.length >= COMPARE.maxModels };
}

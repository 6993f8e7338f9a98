import { Star } from "lucide-react";
import { countOf } from "../../../common/plural";
import { cn } from "../../ui/cn";

/** A read-only 1–5 star rating with its value for screen readers. */
export function StarRatingDisplay({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={`Rated ${rating} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn("h-4 w-4", n <= rating ? "fill-yellow-400 text-yellow-500" : "text-muted-foreground")}
        />
      ))}
    </span>
  );
}

/** A 1–5 star picker built from native radio buttons (keyboard and screen readers for free). */
export function StarRatingInput({
  value,
  onChange,
  name,
  labelledBy,
  describedBy,
  invalid,
  ref,
}: {
  value: number;
  onChange: (value: number) => void;
  name: string;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** The radio a form focuses when the rating is missing: the chosen star, else the first. */
  ref?: React.Ref<HTMLInputElement>;
}) {
  return (
    <div
      className="flex gap-1"
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
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
              n <= value ? "fill-yellow-400 text-yellow-500" : "text-muted-foreground",
            )}
          />
          <span className="sr-only">{countOf(n, "star")}</span>
        </label>
      ))}
    </div>
  );
}

import { cn } from "./cn";

/** A member's picture, or their initial on a coloured disc. */
export function Avatar({
  src,
  name,
  size = 40,
  className,
}: {
  src?: string | null;
  name: string;
  size?: number;
  className?: string;
}) {
  const style = { width: size, height: size };
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        className={cn("rounded-full object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: Math.max(12, size / 2.5) }}
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold uppercase text-primary-foreground",
        className,
      )}
    >
      {name.slice(0, 1) || "?"}
    </span>
  );
}

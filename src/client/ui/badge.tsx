import type { HTMLAttributes } from "react";
import { cn } from "./cn";

const tones = {
  default: "bg-secondary text-secondary-foreground",
  outline: "border border-border text-foreground",
  success: "border border-success text-foreground",
  warning: "border border-warning text-foreground",
  destructive: "border border-destructive text-foreground",
} as const;

export function Badge({
  className,
  tone = "default",
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

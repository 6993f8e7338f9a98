import { Loader2 } from "lucide-react";
import { cn } from "./cn";

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex items-center justify-center gap-3 p-8", className)}
    >
      <Loader2 className="h-6 w-6 animate-spin text-primary" aria-hidden="true" />
      <span className={label ? "text-muted-foreground" : "sr-only"}>{label ?? "Loading..."}</span>
    </div>
  );
}

import { AlertTriangle, Ban, Timer } from "lucide-react";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { cn } from "../../ui/cn";

const ICONS = { rateLimit: Timer, prohibited: Ban, warning: AlertTriangle } as const;

/** The composer's moderation banner (SPEC §4/§5): its title depends on the server's message. */
export function ModerationBanner({ banner, className }: { banner: Banner | null; className?: string }) {
  if (!banner) return null;
  const Icon = ICONS[banner.kind];
  return (
    <div
      role="alert"
      data-testid="moderation-banner"
      className={cn(
        "flex gap-3 rounded-lg border p-3 text-sm",
        banner.kind === "prohibited"
          ? "border-destructive bg-destructive/10"
          : "border-warning bg-warning/10",
        className,
      )}
    >
      <Icon
        className={cn(
          "mt-0.5 h-5 w-5 shrink-0",
          banner.kind === "prohibited" ? "text-destructive" : "text-warning",
        )}
        aria-hidden="true"
      />
      <div>
        <p className="font-semibold">{banner.title}</p>
        <p className="text-foreground">{banner.message}</p>
      </div>
    </div>
  );
}

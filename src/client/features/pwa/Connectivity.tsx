import { WifiOff } from "lucide-react";
import { cn } from "../../ui/cn";
import { useIsStandalone, useOnlineStatus } from "./connectivity";

/** The connectivity indicator (SPEC §4): a notice while the browser reports being offline. */
export function OfflineNotice() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-xl border border-warning/60 bg-card px-4 py-2.5 text-sm font-medium text-card-foreground shadow-lg"
    >
      <WifiOff className="h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
      You're offline. Pages you have not opened yet may be unavailable until you reconnect.
    </p>
  );
}

/** "PWA Mode" with an online/offline dot, when running as an installed app (SPEC §2.19). */
export function PwaModeBadge() {
  const standalone = useIsStandalone();
  const online = useOnlineStatus();
  if (!standalone) return null;
  return (
    <p className="inline-flex items-center gap-2 self-start rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-card-foreground shadow">
      <span
        className={cn("h-2 w-2 rounded-full", online ? "bg-success" : "bg-destructive")}
        aria-hidden="true"
      />
      PWA Mode
      <span className="sr-only">{online ? "(online)" : "(offline)"}</span>
    </p>
  );
}

import { RefreshCw } from "lucide-react";
import { Button } from "../../ui/button";
import { applyUpdate, useUpdateAvailable } from "./service-worker";

/** "App update available!" with "Update Now", which activates the new worker and reloads (SPEC §2.19). */
export function UpdateBar() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <section
      aria-label="App update"
      className="flex items-center gap-3 rounded-xl border border-primary/50 bg-card px-4 py-2.5 text-sm text-card-foreground shadow-lg"
    >
      <RefreshCw className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
      <p role="status" className="flex-1 font-medium">
        App update available!
      </p>
      <Button size="sm" onClick={applyUpdate}>
        Update Now
      </Button>
    </section>
  );
}

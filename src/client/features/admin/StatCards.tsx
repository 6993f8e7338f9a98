import { Ban, FileText, ShieldX, Timer } from "lucide-react";
import type { ReactNode } from "react";
import type { ModerationStats } from "../../../common/admin";
import { errorMessage } from "../../api/http";
import { Card } from "../../ui/card";
import { useModerationStats } from "./api";

const CARDS: { key: keyof ModerationStats; label: string; icon: ReactNode }[] = [
  { key: "totalPosts", label: "Total Posts", icon: <FileText className="h-5 w-5" /> },
  { key: "blockedPosts", label: "Blocked Posts", icon: <ShieldX className="h-5 w-5" /> },
  { key: "rateLimitedUsers", label: "Rate Limited Users", icon: <Timer className="h-5 w-5" /> },
  { key: "bannedUsers", label: "Banned Users", icon: <Ban className="h-5 w-5" /> },
];

/** The four counters of SPEC §3, live from the database. */
export function StatCards() {
  const stats = useModerationStats();
  if (stats.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(stats.error, "Could not load the moderation stats.")}
      </p>
    );
  }
  return (
    <section aria-label="Moderation stats" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map((c) => (
        <Card key={c.key} className="flex items-center gap-4 p-5" data-testid={`stat-${c.key}`}>
          <span aria-hidden="true" className="rounded-lg bg-muted p-3 text-primary">
            {c.icon}
          </span>
          <div>
            <p className="text-sm text-muted-foreground">{c.label}</p>
            <p className="text-2xl font-bold tabular-nums">
              {stats.data ? stats.data[c.key].toLocaleString() : "…"}
            </p>
          </div>
        </Card>
      ))}
    </section>
  );
}

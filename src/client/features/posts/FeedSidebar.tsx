import { useQuery } from "@tanstack/react-query";
import { Hash, TrendingUp } from "lucide-react";
import { getStats } from "../../../common/api/stats";
import { POPULAR_TOPICS } from "../../../common/posts";
import { call } from "../../api/client";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { statsKey } from "./api";

/** Five fixed popular topics; clicking one toggles the hashtag filter (SPEC §2.6). */
export function PopularTopics({
  active,
  onToggle,
}: {
  active: string | null;
  onToggle: (topic: string) => void;
}) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <TrendingUp className="h-5 w-5 text-primary" aria-hidden="true" /> Popular Topics
      </h2>
      <ul className="mt-3 space-y-1">
        {POPULAR_TOPICS.map((topic) => {
          const on = active?.toLowerCase() === topic.toLowerCase();
          return (
            <li key={topic}>
              <Button
                variant={on ? "secondary" : "ghost"}
                size="sm"
                className="w-full justify-start"
                aria-pressed={on}
                onClick={() => onToggle(topic)}
              >
                <Hash className="h-4 w-4" aria-hidden="true" />
                {topic}
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Live community figures (GET /api/stats). */
export function CommunityStatsCard() {
  const stats = useQuery({ queryKey: statsKey, queryFn: () => call(getStats) });
  const s = stats.data;
  const rows: [string, number | undefined][] = [
    ["Members", s?.members],
    ["Posts", s?.posts],
    ["AI Reviews", s?.reviews],
    ["Online Now", s?.onlineNow],
  ];
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Community Stats</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-muted p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">
              {value === undefined ? "—" : value.toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

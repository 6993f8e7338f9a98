import { ShieldCheck } from "lucide-react";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Spinner } from "../../ui/spinner";
import { useModerationActions } from "./api";

function toneOf(action: string) {
  if (action.includes("rate limited")) return "warning" as const;
  if (action.includes("blocked")) return "destructive" as const;
  return "outline" as const;
}

/** The moderation pipeline's refusals and auto-hidden items, newest first. */
export function RecentActionsTab() {
  const actions = useModerationActions();
  const items = actions.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="recent-actions-heading" className="space-y-4">
      <h2 id="recent-actions-heading" className="text-xl font-semibold">
        Recent Actions
      </h2>
      {actions.isLoading ? <Spinner label="Loading recent actions..." /> : null}
      {actions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(actions.error, "Could not load the recent actions.")}
        </p>
      ) : null}
      {actions.isSuccess && items.length === 0 ? (
        <EmptyState
          icon={<ShieldCheck className="h-8 w-8" />}
          title="No moderation actions yet"
          description="Blocked and rate-limited content will be listed here."
        />
      ) : null}
      <ul className="space-y-3">
        {items.map((a) => (
          <li key={a.id}>
            <Card className="space-y-2 p-4">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={toneOf(a.action)}>{a.action}</Badge>
                <span className="font-medium">{a.user}</span>
                <span className="text-muted-foreground">·</span>
                <time dateTime={a.timestamp} className="text-muted-foreground">
                  {formatRelativeTime(a.timestamp)}
                </time>
              </div>
              <p className="text-sm">
                <span className="text-muted-foreground">Reason: </span>
                {a.reason}
              </p>
              {a.content ? (
                <div className="rounded-md bg-muted p-2">
                  <p className="line-clamp-3 whitespace-pre-wrap wrap-anywhere text-sm">{a.content}</p>
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      {actions.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => actions.fetchNextPage()}
          disabled={actions.isFetchingNextPage}
        >
          {actions.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      ) : null}
    </section>
  );
}

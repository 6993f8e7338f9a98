import { countOf } from "../../../common/plural";
import { Flag, UserX } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  formatUtc,
  REPORT_ACTION_LABELS,
  REPORT_ACTIONS,
  type ReportAction,
  type ReportGroup,
} from "../../../common/admin";
import { REPORT_REASON_LABELS, REPORT_TARGET_LABELS } from "../../../common/reports";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useLiftRateLimit, useReportGroups, useRestrictedMembers, useUnban } from "./api";
import { ResolveDialog } from "./ResolveDialog";

function ReportCard({ group, onAct }: { group: ReportGroup; onAct: (action: ReportAction) => void }) {
  const label = REPORT_TARGET_LABELS[group.targetType];
  const headingId = `report-${group.targetType}-${group.targetId}`;
  const actions = REPORT_ACTIONS.filter((a) => {
    if (a === "remove") return group.targetType !== "user" && group.exists;
    if (a === "warn" || a === "rate_limit" || a === "ban") return group.author !== null;
    return true;
  });
  return (
    <Card className="space-y-3 p-5" data-testid="report-group">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-base font-semibold capitalize">
          {label} #{group.targetId}
        </h3>
        <Badge tone="destructive">{countOf(group.reportCount, "report")}</Badge>
        {group.hidden ? <Badge tone="warning">Hidden pending review</Badge> : null}
        {!group.exists ? <Badge tone="outline">Already deleted</Badge> : null}
        {group.url && group.exists ? (
          <Link to={group.url} className="ml-auto text-sm text-primary hover:underline">
            Open {label}
          </Link>
        ) : null}
      </div>
      {group.author ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Author: </span>
          <Link to={`/profile/${group.author.id}`} className="font-medium hover:underline">
            {group.author.username}
          </Link>
        </p>
      ) : null}
      {group.content ? (
        <div className="rounded-md bg-muted p-3">
          <p className="line-clamp-6 whitespace-pre-wrap wrap-anywhere text-sm">{group.content}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2 text-xs">
        {group.reasons.map((r) => (
          <Badge key={r.reason} tone="outline">
            {REPORT_REASON_LABELS[r.reason]} × {r.count}
          </Badge>
        ))}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show the reports</summary>
        <ul className="mt-2 space-y-1">
          {group.reports.map((r) => (
            <li key={r.id}>
              <span className="font-medium">{r.reporter}</span>: {REPORT_REASON_LABELS[r.reason]}
              {r.details ? <span className="text-muted-foreground"> — “{r.details}”</span> : null}{" "}
              <time dateTime={r.createdAt} className="text-muted-foreground">
                ({formatRelativeTime(r.createdAt)})
              </time>
            </li>
          ))}
        </ul>
      </details>
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        {actions.map((a) => (
          <Button
            key={a}
            size="sm"
            variant={
              a === "dismiss" ? "outline" : a === "ban" || a === "remove" ? "destructive" : "secondary"
            }
            aria-label={`${REPORT_ACTION_LABELS[a]}: ${label} #${group.targetId}`}
            onClick={() => onAct(a)}
          >
            {REPORT_ACTION_LABELS[a]}
          </Button>
        ))}
      </div>
    </Card>
  );
}

function RestrictedMembers() {
  const members = useRestrictedMembers();
  const unban = useUnban();
  const lift = useLiftRateLimit();
  const run = async (fn: () => Promise<unknown>, title: string) => {
    try {
      await fn();
      toast({ title, variant: "success" });
    } catch (err) {
      toast({
        title: "Action failed",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    }
  };
  const now = Date.now();
  const rows = (members.data ?? []).filter(
    (m) => m.bannedAt || (m.rateLimitedUntil && Date.parse(m.rateLimitedUntil) > now),
  );
  return (
    <section aria-labelledby="restricted-heading" className="space-y-3">
      <h2 id="restricted-heading" className="text-xl font-semibold">
        Restricted members
      </h2>
      {members.isLoading ? <Spinner label="Loading restricted members..." /> : null}
      {members.isSuccess && rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No member is banned or rate-limited.</p>
      ) : null}
      <ul className="space-y-2">
        {rows.map((m) => (
          <li key={m.id}>
            <Card className="flex flex-wrap items-center gap-3 p-4">
              <UserX className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
              <Link to={`/profile/${m.id}`} className="font-medium hover:underline">
                {m.username}
              </Link>
              {m.bannedAt ? <Badge tone="destructive">Banned</Badge> : null}
              {m.rateLimitedUntil && Date.parse(m.rateLimitedUntil) > now ? (
                <Badge tone="warning">Rate-limited until {formatUtc(new Date(m.rateLimitedUntil))}</Badge>
              ) : null}
              <div className="ml-auto flex gap-2">
                {m.bannedAt ? (
                  <Button
                    size="sm"
                    variant="outline"
                    pending={unban.isPending}
                    onClick={() => run(() => unban.mutateAsync(m.id), `${m.username} unbanned`)}
                  >
                    Unban {m.username}
                  </Button>
                ) : null}
                {m.rateLimitedUntil && Date.parse(m.rateLimitedUntil) > now ? (
                  <Button
                    size="sm"
                    variant="outline"
                    pending={lift.isPending}
                    onClick={() => run(() => lift.mutateAsync(m.id), `Rate limit of ${m.username} lifted`)}
                  >
                    Lift limit of {m.username}
                  </Button>
                ) : null}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Open reports grouped by item, with the admin's decisions, and the members under restriction. */
export function ReportsTab() {
  const groups = useReportGroups();
  const [acting, setActing] = useState<{ group: ReportGroup; action: ReportAction } | null>(null);
  const items = groups.data?.pages.flat() ?? [];
  return (
    <div className="space-y-8">
      <section aria-labelledby="reports-heading" className="space-y-4">
        <h2 id="reports-heading" className="text-xl font-semibold">
          User Reports
        </h2>
        <p className="text-sm text-muted-foreground">
          Items reported by three different members are hidden until you decide.
        </p>
        {groups.isLoading ? <Spinner label="Loading reports..." /> : null}
        {groups.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(groups.error, "Could not load the reports.")}
          </p>
        ) : null}
        {groups.isSuccess && items.length === 0 ? (
          <EmptyState
            icon={<Flag className="h-8 w-8" />}
            title="No open reports"
            description="When members report content, it appears here for review."
          />
        ) : null}
        <ul className="space-y-4">
          {items.map((g) => (
            <li key={`${g.targetType}:${g.targetId}`}>
              <ReportCard group={g} onAct={(action) => setActing({ group: g, action })} />
            </li>
          ))}
        </ul>
        {groups.hasNextPage ? (
          <Button
            variant="outline"
            onClick={() => groups.fetchNextPage()}
            disabled={groups.isFetchingNextPage}
          >
            {groups.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        ) : null}
      </section>
      <RestrictedMembers />
      {acting ? (
        <ResolveDialog group={acting.group} action={acting.action} onClose={() => setActing(null)} />
      ) : null}
    </div>
  );
}

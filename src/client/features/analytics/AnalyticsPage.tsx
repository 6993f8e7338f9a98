import { countOf } from "../../../common/plural";
import { BarChart3, Eye, FileText, Heart, Lock, MessageCircle, TrendingDown, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import {
  type AdvancedAnalytics,
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  ANALYTICS_TEXT,
  type AnalyticsRange,
  type AnalyticsTotals,
  type BasicAnalytics,
  type PersonalAnalytics,
} from "../../../common/analytics";
import { PLAN_DISPLAY_NAMES } from "../../../common/plans";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useFlag } from "../feature-flags/useFeatureFlags";
import { AudienceChart, EngagementChart, FollowersChart } from "./AnalyticsCharts";
import { usePersonalAnalytics } from "./api";

const rangeFromParam = (v: string | null): AnalyticsRange =>
  (ANALYTICS_RANGES as readonly string[]).includes(v ?? "") ? (v as AnalyticsRange) : "7d";

/** SPEC §9 "Analytics" by plan: Free an upgrade prompt, Basic totals, Pro and Premium everything. */
export default function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParam(params.get("range"));
  const analytics = usePersonalAnalytics(range);
  const data = analytics.data;
  const showRange = data !== undefined && data.level !== "none";

  return (
    <Page
      title={ANALYTICS_TEXT.title}
      lead={ANALYTICS_TEXT.lead}
      actions={
        showRange ? (
          <fieldset className="flex gap-2 border-0 p-0">
            <legend className="sr-only">Period</legend>
            {ANALYTICS_RANGES.map((r) => (
              <Button
                key={r}
                size="sm"
                variant={r === range ? "primary" : "outline"}
                aria-pressed={r === range}
                onClick={() => setParams({ range: r }, { replace: true })}
              >
                {ANALYTICS_RANGE_LABELS[r]}
              </Button>
            ))}
          </fieldset>
        ) : null
      }
    >
      {analytics.isPending ? (
        <Spinner label="Loading analytics..." />
      ) : analytics.isError ? (
        <EmptyState
          title={ANALYTICS_TEXT.loadFailed}
          description={errorMessage(analytics.error, "Please try again.")}
        />
      ) : (
        <Body data={analytics.data} />
      )}
    </Page>
  );
}

function Body({ data }: { data: PersonalAnalytics }) {
  if (data.level === "none") return <UpgradePrompt />;
  if (data.level === "advanced") return <Advanced data={data} />;
  return (
    <>
      <PlanNote plan={data.plan} />
      <Totals data={data} />
      <Card className="mt-6 flex flex-wrap items-center justify-between gap-4 p-5">
        <p className="text-sm">{ANALYTICS_TEXT.basicUpsell}</p>
        <Button asChild variant="outline" size="sm">
          <Link to="/subscription">{ANALYTICS_TEXT.upgradeAction}</Link>
        </Button>
      </Card>
    </>
  );
}

function UpgradePrompt() {
  return (
    <Card className="mx-auto max-w-2xl p-8 text-center" data-testid="analytics-upgrade">
      <Lock className="mx-auto mb-3 h-10 w-10 text-primary" aria-hidden="true" />
      <h2 className="text-2xl font-bold">{ANALYTICS_TEXT.upgradeTitle}</h2>
      <p className="mt-2 text-muted-foreground">{ANALYTICS_TEXT.upgradeText}</p>
      <Button asChild className="mt-5">
        <Link to="/subscription">{ANALYTICS_TEXT.upgradeAction}</Link>
      </Button>
    </Card>
  );
}

function PlanNote({ plan }: { plan: BasicAnalytics["plan"] }) {
  return (
    <p className="mb-4 text-sm text-muted-foreground">
      <Badge tone="outline">{PLAN_DISPLAY_NAMES[plan]} plan</Badge> Figures count other members and visitors;
      your own views, likes and comments are left out.
    </p>
  );
}

function change(current: number, previous: number): { text: string; up: boolean | null } {
  if (previous === 0)
    return { text: current === 0 ? "No change" : "New activity", up: current === 0 ? null : true };
  const pct = Math.round(((current - previous) / previous) * 100);
  return { text: `${pct > 0 ? "+" : ""}${pct}% vs previous period`, up: pct === 0 ? null : pct > 0 };
}

function StatCard({
  label,
  icon,
  value,
  previous,
}: {
  label: string;
  icon: ReactNode;
  value: number;
  previous: number;
}) {
  const c = change(value, previous);
  return (
    <Card className="p-5" data-testid="analytics-stat">
      <div className="flex items-center justify-between text-sm text-muted-foreground">
        <span>{label}</span>
        <span aria-hidden="true">{icon}</span>
      </div>
      <p className="mt-2 text-3xl font-bold tabular-nums">{value.toLocaleString()}</p>
      <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
        {c.up === true ? <TrendingUp className="h-3 w-3" aria-hidden="true" /> : null}
        {c.up === false ? <TrendingDown className="h-3 w-3" aria-hidden="true" /> : null}
        {c.text}
      </p>
    </Card>
  );
}

const STATS: { key: keyof AnalyticsTotals; label: string; icon: ReactNode }[] = [
  { key: "views", label: "Views", icon: <Eye className="h-4 w-4" /> },
  { key: "likes", label: "Likes", icon: <Heart className="h-4 w-4" /> },
  { key: "comments", label: "Comments", icon: <MessageCircle className="h-4 w-4" /> },
  { key: "posts", label: "Posts published", icon: <FileText className="h-4 w-4" /> },
];

function Totals({ data }: { data: BasicAnalytics | AdvancedAnalytics }) {
  return (
    <section aria-labelledby="analytics-totals">
      <h2 id="analytics-totals" className="mb-3 text-xl font-semibold">
        {ANALYTICS_RANGE_LABELS[data.range]}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STATS.map((s) => (
          <StatCard
            key={s.key}
            label={s.label}
            icon={s.icon}
            value={data.totals[s.key]}
            previous={data.previous[s.key]}
          />
        ))}
      </div>
    </section>
  );
}

function Advanced({ data }: { data: AdvancedAnalytics }) {
  // "Advanced Analytics" (SPEC §9) gates the detailed charts and tables; the totals stay.
  const detailed = useFlag("advanced_analytics");
  if (!detailed) {
    return (
      <>
        <PlanNote plan={data.plan} />
        <Totals data={data} />
      </>
    );
  }
  return (
    <>
      <PlanNote plan={data.plan} />
      <Totals data={data} />
      <section aria-labelledby="analytics-trends" className="mt-8">
        <h2 id="analytics-trends" className="mb-3 flex items-center gap-2 text-xl font-semibold">
          <BarChart3 className="h-5 w-5" aria-hidden="true" /> Over time
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <EngagementChart data={data.series} />
          <FollowersChart data={data.series} />
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          {countOf(data.followers.total, "follower")}, {data.followers.gained.toLocaleString("en-US")} new in
          this period.
        </p>
      </section>

      <section aria-labelledby="analytics-audience" className="mt-8">
        <h2 id="analytics-audience" className="mb-3 text-xl font-semibold">
          Your audience
        </h2>
        <AudienceChart data={data.audience} />
      </section>

      <section aria-labelledby="analytics-posts" className="mt-8">
        <h2 id="analytics-posts" className="mb-3 text-xl font-semibold">
          Your posts
        </h2>
        {data.posts.length === 0 ? (
          <EmptyState
            title={ANALYTICS_TEXT.noPosts}
            action={
              <Button asChild>
                <Link to="/">Share an experience</Link>
              </Button>
            }
          />
        ) : (
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className="w-full text-sm" data-testid="analytics-posts">
              <caption className="sr-only">
                Your posts with their views, likes and comments in this period and in total
              </caption>
              <thead className="bg-muted text-left">
                <tr>
                  <th scope="col" className="p-3">
                    Post
                  </th>
                  <th scope="col" className="p-3 text-right">
                    Views
                  </th>
                  <th scope="col" className="p-3 text-right">
                    Likes
                  </th>
                  <th scope="col" className="p-3 text-right">
                    Comments
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.posts.map((p) => (
                  <tr key={p.id} className="border-t border-border">
                    <th scope="row" className="p-3 text-left font-normal">
                      <Link to={`/post/${p.id}`} className="hover:underline">
                        {p.excerpt || "(no text)"}
                      </Link>
                      <span className="block text-xs text-muted-foreground">
                        {formatRelativeTime(p.createdAt)}
                        {p.isAnonymous ? " · posted anonymously" : ""}
                      </span>
                    </th>
                    <td className="p-3 text-right tabular-nums">
                      {p.views} <span className="text-muted-foreground">/ {p.totalViews}</span>
                    </td>
                    <td className="p-3 text-right tabular-nums">
                      {p.likes} <span className="text-muted-foreground">/ {p.totalLikes}</span>
                    </td>
                    <td className="p-3 text-right tabular-nums">
                      {p.comments} <span className="text-muted-foreground">/ {p.totalComments}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="border-t border-border p-3 text-xs text-muted-foreground">
              In this period / all time.
            </p>
          </div>
        )}
      </section>
    </>
  );
}

import { Activity, Eye, Globe, Users } from "lucide-react";
import type { ReactNode } from "react";
import { SITE_ANALYTICS_DAYS } from "../../../common/analytics";
import { errorMessage } from "../../api/http";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Spinner } from "../../ui/spinner";
import { useSiteAnalytics } from "./api";

/**
 * Site-wide usage for the admin dashboard (first-party, consented analytics): daily active
 * members, visitors, page views and the top pages over 30 days. Self-contained: mount it
 * anywhere an admin is signed in (`<SiteAnalyticsPanel />`). Plain HTML bars, no chart library,
 * so it adds nothing heavy to the admin screen. Headings start at h2.
 */
export function SiteAnalyticsPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const site = useSiteAnalytics();
  const H = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";

  return (
    <section aria-labelledby="site-analytics-heading" className="grid gap-4" data-testid="site-analytics">
      <H id="site-analytics-heading" className="text-xl font-semibold">
        Site analytics (last {SITE_ANALYTICS_DAYS} days)
      </H>
      <p className="text-sm text-muted-foreground">
        Only visitors who chose “Accept All” are counted. Visitors are counted per day from a daily salted
        hash; nothing is stored in their browser.
      </p>
      {site.isPending ? (
        <Spinner label="Loading site analytics..." />
      ) : site.isError ? (
        <EmptyState
          title="Failed to load site analytics"
          description={errorMessage(site.error, "Please try again.")}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Stat icon={<Eye className="h-4 w-4" />} label="Page views" value={site.data.totals.pageViews} />
            <Stat
              icon={<Users className="h-4 w-4" />}
              label="Active members"
              value={site.data.totals.activeMembers}
            />
            <Stat
              icon={<Activity className="h-4 w-4" />}
              label="Average daily visitors"
              value={site.data.totals.averageDailyVisitors}
            />
          </div>

          <Card className="p-5">
            <Sub className="mb-3 font-semibold">Daily active members and page views</Sub>
            <DailyBars days={site.data.days} />
          </Card>

          <div className="grid gap-4 md:grid-cols-2">
            <Card className="p-5">
              <Sub className="mb-3 font-semibold">Top pages</Sub>
              {site.data.topPages.length === 0 ? (
                <p className="text-sm text-muted-foreground">No page views recorded yet.</p>
              ) : (
                <RankedList
                  label="Top pages by views"
                  items={site.data.topPages.map((p) => ({ key: p.path, value: p.views }))}
                />
              )}
            </Card>
            <Card className="p-5">
              <Sub className="mb-3 flex items-center gap-2 font-semibold">
                <Globe className="h-4 w-4" aria-hidden="true" /> Top referrers
              </Sub>
              {site.data.topReferrers.length === 0 ? (
                <p className="text-sm text-muted-foreground">No external referrers yet.</p>
              ) : (
                <RankedList
                  label="Sites that sent visitors"
                  items={site.data.topReferrers.map((r) => ({ key: r.host, value: r.visits }))}
                />
              )}
            </Card>
          </div>
        </>
      )}
    </section>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between text-sm text-muted-foreground">
        <span>{label}</span>
        <span aria-hidden="true">{icon}</span>
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums">{value.toLocaleString()}</p>
    </Card>
  );
}

function DailyBars({
  days,
}: {
  days: { date: string; activeMembers: number; visitors: number; pageViews: number }[];
}) {
  const max = Math.max(1, ...days.map((d) => d.pageViews));
  return (
    <>
      <div className="flex h-40 items-end gap-1" aria-hidden="true">
        {days.map((d) => (
          <div
            key={d.date}
            className="flex flex-1 flex-col justify-end"
            title={`${d.date}: ${d.pageViews} page views, ${d.activeMembers} active members`}
          >
            <div className="rounded-t bg-primary/40" style={{ height: `${(d.pageViews / max) * 100}%` }}>
              <div
                className="rounded-t bg-primary"
                style={{
                  height: `${d.pageViews ? Math.min(100, (d.activeMembers / d.pageViews) * 100) : 0}%`,
                }}
              />
            </div>
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{days[0]?.date}</span>
        <span>{days[days.length - 1]?.date}</span>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-primary">Show the figures</summary>
        <table className="mt-2 w-full">
          <caption className="sr-only">Daily active members, visitors and page views</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col">Date</th>
              <th scope="col" className="text-right">
                Active members
              </th>
              <th scope="col" className="text-right">
                Visitors
              </th>
              <th scope="col" className="text-right">
                Page views
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row" className="text-left font-normal">
                  {d.date}
                </th>
                <td className="text-right tabular-nums">{d.activeMembers}</td>
                <td className="text-right tabular-nums">{d.visitors}</td>
                <td className="text-right tabular-nums">{d.pageViews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

function RankedList({ label, items }: { label: string; items: { key: string; value: number }[] }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ol className="grid gap-2 text-sm" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <div className="flex justify-between gap-2">
            <span className="truncate font-mono text-xs">{item.key}</span>
            <span className="tabular-nums">{item.value.toLocaleString()}</span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-muted" aria-hidden="true">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${(item.value / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

export default SiteAnalyticsPanel;

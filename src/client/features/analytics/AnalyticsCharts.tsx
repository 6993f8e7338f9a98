import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { AdvancedAnalytics } from "../../../common/analytics";

/**
 * The charts of Pro and Premium analytics. recharts is imported only here, and this module only
 * by the analytics page (a lazily loaded route), so the library never reaches other screens.
 * Each chart has a caption and the same figures as a table for screen readers.
 */
const axis = { fill: "var(--muted-foreground)", fontSize: 12 };
const tooltipStyle = {
  backgroundColor: "var(--card)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  color: "var(--card-foreground)",
};
const shortDate = (iso: string) => {
  const [, m, d] = iso.split("-");
  return `${d}/${m}`;
};

function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r[0])}>
            {r.map((v, i) => (
              <td key={`${columns[i]}`}>{v}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChartFigure({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="rounded-xl border border-border bg-card p-4">
      <figcaption className="mb-3 font-semibold">{title}</figcaption>
      {children}
    </figure>
  );
}

export function EngagementChart({ data }: { data: AdvancedAnalytics["series"] }) {
  return (
    <ChartFigure title="Engagement per day">
      <div aria-hidden="true" className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 5, right: 10, left: -10, bottom: 0 }}
          >
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={axis} stroke="var(--border)" />
            <YAxis allowDecimals={false} tick={axis} stroke="var(--border)" />
            <Tooltip contentStyle={tooltipStyle} />
            <Legend />
            <Line
              type="monotone"
              dataKey="views"
              name="Views"
              stroke="var(--primary)"
              strokeWidth={2}
              dot={false}
            />
            <Line type="monotone" dataKey="likes" name="Likes" stroke="#e5484d" strokeWidth={2} dot={false} />
            <Line
              type="monotone"
              dataKey="comments"
              name="Comments"
              stroke="#30a46c"
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <DataTable
        caption="Views, likes and comments per day"
        columns={["Date", "Views", "Likes", "Comments"]}
        rows={data.map((p) => [p.date, p.views, p.likes, p.comments])}
      />
    </ChartFigure>
  );
}

export function FollowersChart({ data }: { data: AdvancedAnalytics["series"] }) {
  return (
    <ChartFigure title="Follower growth">
      <div aria-hidden="true" className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 5, right: 10, left: -10, bottom: 0 }}
          >
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={axis} stroke="var(--border)" />
            <YAxis allowDecimals={false} tick={axis} stroke="var(--border)" />
            <Tooltip contentStyle={tooltipStyle} />
            <Line
              type="stepAfter"
              dataKey="followers"
              name="Followers"
              stroke="var(--primary)"
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <DataTable
        caption="Followers at the end of each day and new followers"
        columns={["Date", "Followers", "New followers"]}
        rows={data.map((p) => [p.date, p.followers, p.newFollowers])}
      />
    </ChartFigure>
  );
}

export function AudienceChart({ data }: { data: AdvancedAnalytics["audience"] }) {
  return (
    <ChartFigure title="Who engages with you">
      <div aria-hidden="true" className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 5, right: 10, left: -10, bottom: 0 }}
          >
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={axis} stroke="var(--border)" />
            <YAxis allowDecimals={false} tick={axis} stroke="var(--border)" />
            <Tooltip contentStyle={tooltipStyle} />
            <Bar dataKey="members" name="Members" fill="var(--primary)" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <DataTable
        caption="Members who liked or commented on your posts, by generation"
        columns={["Generation", "Members"]}
        rows={data.map((a) => [a.label, a.members])}
      />
    </ChartFigure>
  );
}

import { useEffect, useRef, useState } from "react";
import type { AdvancedAnalytics } from "../../../common/analytics";

/**
 * The charts of Pro and Premium analytics, drawn as plain SVG (a charting library was ~110 kB
 * gzip, twice the per-route budget of issue 12). The drawing is decorative (aria-hidden): each
 * chart has a caption and the same figures as a table for screen readers, and every point or bar
 * carries its figures in a tooltip (<title>).
 */
const HEIGHT = 256;
const PAD = { top: 8, right: 24, bottom: 24, left: 36 };
const axisText = { fill: "var(--muted-foreground)", fontSize: 12 };
const shortDate = (iso: string) => {
  const [, m, d] = iso.split("-");
  return `${d}/${m}`;
};

/** Whole-number ticks from 0 to at least `max` (about four steps). */
export function niceTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * magnitude).find((s) => s >= rough) ?? magnitude * 10);
  const ticks: number[] = [];
  for (let t = 0; t < max + step; t += step) ticks.push(t);
  return ticks;
}

/** The width the SVG has on screen (so text keeps its size), measured with a ResizeObserver. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

interface Series {
  key: string;
  name: string;
  color: string;
  values: number[];
}

function Frame({
  width,
  labels,
  ticks,
  band,
  children,
}: {
  width: number;
  labels: string[];
  ticks: number[];
  /** Bars: labels sit in the middle of equal bands; lines: on the points from edge to edge. */
  band: boolean;
  children: React.ReactNode;
}) {
  const { plotW, x, y } = scales(width, labels.length, ticks, band);
  // At most about one label per 48 px.
  const every = Math.max(1, Math.ceil((labels.length * 48) / plotW));
  return (
    <svg className="chart-surface block" width={width} height={HEIGHT} role="presentation">
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={PAD.left}
            x2={PAD.left + plotW}
            y1={y(t)}
            y2={y(t)}
            stroke="var(--border)"
            strokeDasharray="3 3"
          />
          <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" {...axisText}>
            {t}
          </text>
        </g>
      ))}
      <line x1={PAD.left} x2={PAD.left + plotW} y1={y(0)} y2={y(0)} stroke="var(--border)" />
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text key={label} x={x(i)} y={HEIGHT - 6} textAnchor="middle" {...axisText}>
            {label}
          </text>
        ) : null,
      )}
      {children}
    </svg>
  );
}

function scales(width: number, count: number, ticks: number[], band: boolean) {
  const plotW = Math.max(1, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const top = ticks[ticks.length - 1] || 1;
  return {
    plotW,
    x: (i: number) =>
      PAD.left + (band ? ((i + 0.5) * plotW) / count : count > 1 ? (i * plotW) / (count - 1) : plotW / 2),
    y: (v: number) => PAD.top + plotH - (v / top) * plotH,
  };
}

function LineChart({ labels, series, step }: { labels: string[]; series: Series[]; step?: boolean }) {
  const [ref, width] = useWidth();
  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const { x, y } = scales(width, labels.length, ticks, false);
  const path = (values: number[]) =>
    values
      .map((v, i) => {
        if (i === 0) return `M${x(0)},${y(v)}`;
        return step ? `H${x(i)}V${y(v)}` : `L${x(i)},${y(v)}`;
      })
      .join("");
  return (
    <div ref={ref} className="h-64 overflow-hidden">
      <Frame width={width} labels={labels} ticks={ticks} band={false}>
        {series.map((s) => (
          <g key={s.key}>
            <path d={path(s.values)} fill="none" stroke={s.color} strokeWidth={2} />
            {s.values.map((v, i) => (
              <circle key={labels[i]} cx={x(i)} cy={y(v)} r={6} fill="transparent">
                <title>{`${labels[i]} ${s.name}: ${v}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </Frame>
    </div>
  );
}

function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-4 text-sm">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4" style={{ backgroundColor: s.color }} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

function BarChart({ labels, values, name }: { labels: string[]; values: number[]; name: string }) {
  const [ref, width] = useWidth();
  const ticks = niceTicks(Math.max(0, ...values));
  const { x, y, plotW } = scales(width, labels.length, ticks, true);
  const barW = Math.max(2, (plotW / Math.max(1, labels.length)) * 0.7);
  return (
    <div ref={ref} className="h-64 overflow-hidden">
      <Frame width={width} labels={labels} ticks={ticks} band>
        {values.map((v, i) => (
          <rect
            key={labels[i]}
            x={x(i) - barW / 2}
            y={y(v)}
            width={barW}
            height={Math.max(0, y(0) - y(v))}
            rx={4}
            fill="var(--primary)"
          >
            <title>{`${labels[i]} ${name}: ${v}`}</title>
          </rect>
        ))}
      </Frame>
    </div>
  );
}

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
  const series: Series[] = [
    { key: "views", name: "Views", color: "var(--primary)", values: data.map((p) => p.views) },
    { key: "likes", name: "Likes", color: "#e5484d", values: data.map((p) => p.likes) },
    { key: "comments", name: "Comments", color: "#30a46c", values: data.map((p) => p.comments) },
  ];
  return (
    <ChartFigure title="Engagement per day">
      <div aria-hidden="true">
        <LineChart labels={data.map((p) => shortDate(p.date))} series={series} />
        <Legend series={series} />
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
  const series: Series[] = [
    { key: "followers", name: "Followers", color: "var(--primary)", values: data.map((p) => p.followers) },
  ];
  return (
    <ChartFigure title="Follower growth">
      <div aria-hidden="true">
        <LineChart labels={data.map((p) => shortDate(p.date))} series={series} step />
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
      <div aria-hidden="true">
        <BarChart labels={data.map((a) => a.label)} values={data.map((a) => a.members)} name="Members" />
      </div>
      <DataTable
        caption="Members who liked or commented on your posts, by generation"
        columns={["Generation", "Members"]}
        rows={data.map((a) => [a.label, a.members])}
      />
    </ChartFigure>
  );
}

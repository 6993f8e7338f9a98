/**
 * Splits a time window into the pieces the hashtag aggregates can answer (migration 0010):
 * whole UTC days from `hashtag_daily`, whole UTC hours from `hashtag_hourly`, and the partial
 * hours at either edge from the raw posts. A 30-day window is then ~30 day rows plus at most
 * 46 hour rows per topic and two partial hours of posts, whatever the size of the table.
 */
export type SegmentKind = "raw" | "hour" | "day";
export interface Segment {
  kind: SegmentKind;
  from: Date;
  to: Date;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;

export function windowSegments(from: Date, to: Date): Segment[] {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return [];
  const out: Segment[] = [];
  const push = (kind: SegmentKind, a: number, b: number) => {
    if (b > a) out.push({ kind, from: new Date(a), to: new Date(b) });
  };
  const h1 = ceilTo(start, HOUR_MS);
  const h2 = floorTo(end, HOUR_MS);
  if (h1 >= h2) {
    push("raw", start, end);
    return out;
  }
  push("raw", start, h1);
  const d1 = ceilTo(h1, DAY_MS);
  const d2 = floorTo(h2, DAY_MS);
  if (d1 >= d2) {
    push("hour", h1, h2);
  } else {
    push("hour", h1, d1);
    push("day", d1, d2);
    push("hour", d2, h2);
  }
  push("raw", h2, end);
  return out;
}

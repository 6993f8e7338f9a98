/**
 * Display formats of SPEC §9. Pure functions of (date, now) so they are unit-tested and the
 * client and server format alike.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toMs(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/**
 * The general helper: under 60 seconds "just now", under 60 minutes "N minutes ago", under 24
 * hours "N hours ago", under 7 days "N days ago", otherwise the locale date. A time in the
 * future (clock skew) reads "just now".
 */
export function formatRelativeTime(
  value: Date | string | number,
  now: Date = new Date(),
  locale?: string,
): string {
  const ms = toMs(value);
  if (Number.isNaN(ms)) return "";
  const diff = now.getTime() - ms;
  if (diff < MINUTE) return "just now";
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), "minute");
  if (diff < DAY) return plural(Math.floor(diff / HOUR), "hour");
  if (diff < 7 * DAY) return plural(Math.floor(diff / DAY), "day");
  return new Date(ms).toLocaleDateString(locale);
}

/** A post's age: "Just now" under 1 hour, "N hours ago" under 24 hours, then "N days ago". */
export function formatPostAge(value: Date | string | number, now: Date = new Date()): string {
  const ms = toMs(value);
  if (Number.isNaN(ms)) return "";
  const diff = now.getTime() - ms;
  if (diff < HOUR) return "Just now";
  if (diff < DAY) return plural(Math.floor(diff / HOUR), "hour");
  return plural(Math.floor(diff / DAY), "day");
}

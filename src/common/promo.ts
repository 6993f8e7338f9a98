/**
 * The launch offer of SPEC §2.19 / §9: signing up before the deadline gives Pro membership for
 * one year free. The deadline is the server's configuration (`PROMO_DEADLINE`, answered as
 * `promoDeadline` by `GET /api/public-config`); with none, or once it has passed, there is no
 * offer to show (docs/decisions/0065-promo-deadline-unset-means-no-offer.md).
 */
export const PROMO_COUNTDOWN_REFRESH_MS = 60_000;
export const PROMO_EXPIRED_LABEL = "Offer expired";

/** Optional public configuration answered by the server (`GET /api/public-config`). */
export interface PublicConfig {
  promoDeadline?: string | null;
}

/**
 * Reads the fields of a public-config answer this module knows; anything else is ignored.
 * (A plain guard rather than zod: it runs on every page, where zod would weigh on first load.)
 */
export function parsePublicConfig(body: unknown): PublicConfig {
  if (!body || typeof body !== "object") return {};
  const { promoDeadline } = body as Record<string, unknown>;
  return typeof promoDeadline === "string" ? { promoDeadline } : {};
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A deadline string as a Date, or null when it is missing or not a date. */
export function parsePromoDeadline(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The deadline to use: the server's when it is valid, else none (no offer). */
export function resolvePromoDeadline(serverValue?: string | null): Date | null {
  return parsePromoDeadline(serverValue);
}

/** Whether the offer is on: a deadline is configured and has not passed yet. */
export function isPromoRunning(deadline: Date | null, now: Date): deadline is Date {
  return deadline !== null && deadline.getTime() > now.getTime();
}

/**
 * SPEC §9 countdown of a positive remaining time: "Nd Nh" over a day, "Nh Nm" over an hour,
 * else "Nm" (whole units, rounded down).
 */
export function formatCountdown(remainingMs: number): string {
  const ms = Math.max(0, remainingMs);
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

export interface PromoCountdown {
  expired: boolean;
  /** The countdown text, or "Offer expired" once the deadline has passed. */
  label: string;
}

export function promoCountdown(deadline: Date, now: Date): PromoCountdown {
  const remaining = deadline.getTime() - now.getTime();
  if (remaining <= 0) return { expired: true, label: PROMO_EXPIRED_LABEL };
  return { expired: false, label: formatCountdown(remaining) };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** The deadline's day as the banner words it: "Dec 31st". */
export function formatDeadlineDay(deadline: Date): string {
  return `${MONTHS[deadline.getMonth()]} ${ordinal(deadline.getDate())}`;
}

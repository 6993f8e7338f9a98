import type { CatalogEntry } from "./catalog";

/**
 * The catalog facts of migration 0035 (decisions 0116, 0117) for a seeded entry, read from what
 * the entry already says: prices from "$X / 1M input tokens, $Y / 1M output tokens", the context
 * window from "128K-token context", the license from "under the … License". Admins correct them.
 */
export interface SeedFacts {
  priceInputPerM: string | null;
  priceOutputPerM: string | null;
  contextWindow: number | null;
  license: string | null;
  openWeights: boolean;
  lastVerifiedAt: string;
}

const DAY = 24 * 60 * 60 * 1000;

function contextOf(entry: CatalogEntry): number | null {
  const text = [...entry.features, entry.description].join("\n");
  const m = /(\d[\d,.]*)\s*([KM])?-token context/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ""));
  const unit = m[2]?.toUpperCase() === "M" ? 1_000_000 : m[2] ? 1_000 : 1;
  return Number.isFinite(n) && n > 0 ? Math.round(n * unit) : null;
}

function licenseOf(entry: CatalogEntry): string | null {
  const text = `${entry.pricingDetails ?? ""} ${entry.longDescription}`;
  const m = /under the ([A-Z][\w.\- ]*?(?:License|license))/.exec(text);
  if (m) return m[1]!;
  return entry.isOpenSource ? null : "Proprietary";
}

/**
 * `index` spreads the seeded "last verified" days: every sixth model was last checked over 90
 * days before `now` (the demo's review queue), the others within the last 80 days.
 */
export function seedFacts(entry: CatalogEntry, index: number, now: Date): SeedFacts {
  const price = (kind: "input" | "output") =>
    new RegExp(`\\$([\\d.]+) / 1M ${kind} tokens`).exec(entry.pricingDetails ?? "")?.[1] ?? null;
  const daysAgo = index % 6 === 0 ? 100 + index : (index * 7) % 80;
  return {
    priceInputPerM: price("input"),
    priceOutputPerM: price("output"),
    contextWindow: contextOf(entry),
    license: licenseOf(entry),
    openWeights: entry.isOpenSource,
    lastVerifiedAt: new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10),
  };
}

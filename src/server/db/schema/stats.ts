import { bigint, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/**
 * The landing page's live counters (GET /api/stats), kept exact by triggers (migration 0011),
 * spread over eight shards per key so concurrent posts do not queue on one row (migration 0013).
 * The application only reads them: the sum over a key's shards is the count.
 */
export const siteCounters = pgTable(
  "site_counters",
  {
    key: text("key").notNull(),
    shard: smallint("shard").notNull().default(0),
    total: bigint("total", { mode: "number" }).notNull().default(0),
    rated: bigint("rated", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.shard] })],
);

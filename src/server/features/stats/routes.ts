import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { communityStatsSchema } from "../../../common/stats";
import { type Db, queryRows } from "../../db/connect";

/**
 * Live figures behind the landing page's stat cards (DESIGN §5). Each counter is a query over
 * a table that may not exist yet in an older schema; features register their own counters.
 */
export type StatCounter = (db: Db) => Promise<number>;
const counters: Partial<Record<keyof z.infer<typeof communityStatsSchema>, StatCounter>> = {};
export function registerStatCounter(
  key: keyof z.infer<typeof communityStatsSchema>,
  counter: StatCounter,
): void {
  counters[key] = counter;
}

registerStatCounter("members", async (db) => {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return r?.n ?? 0;
});
registerStatCounter("onlineNow", async (db) => {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct user_id)::int as n from sessions where last_seen_at > now() - interval '15 minutes'`,
  );
  return r?.n ?? 0;
});

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/stats",
    {
      schema: {
        tags: ["community"],
        summary: "Live community figures for the landing page and the feed sidebar",
        response: { 200: communityStatsSchema },
      },
    },
    async () => {
      const keys = ["reviews", "onlineNow", "models", "prompts", "members", "posts"] as const;
      const values = await Promise.all(keys.map((k) => counters[k]?.(app.ctx.db) ?? Promise.resolve(0)));
      return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as z.infer<typeof communityStatsSchema>;
    },
  );
};

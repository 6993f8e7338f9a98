import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/stats";
import type { CommunityStats } from "../../../common/stats";
import { type Db, queryRows } from "../../db/connect";
import { serve } from "../../platform/contract";
import { listAnswers } from "../../platform/public-cache";

/**
 * Live figures behind the landing page's stat cards (DESIGN §5), in one statement. Members,
 * posts, reviews (rated posts) and prompts come from `site_counters`, kept exact by triggers
 * (migration 0011) in shard rows that are summed here (migration 0013) — counting a million posts on every landing-page view was the slowest
 * public read of the benchmark (docs/performance.md). Models (a small catalog) and members
 * seen in the last 15 minutes (`sessions_last_seen_idx`) are counted live.
 */
export async function communityStats(db: Db): Promise<CommunityStats> {
  const [r] = await queryRows<CommunityStats>(
    db,
    sql`SELECT coalesce(sum(c.total) FILTER (WHERE c.key = 'posts'), 0)::int AS "posts",
               coalesce(sum(c.rated) FILTER (WHERE c.key = 'posts'), 0)::int AS "reviews",
               coalesce(sum(c.total) FILTER (WHERE c.key = 'members'), 0)::int AS "members",
               coalesce(sum(c.total) FILTER (WHERE c.key = 'prompts'), 0)::int AS "prompts",
               (SELECT count(*) FROM ai_models WHERE retired_at IS NULL)::int AS "models",
               (SELECT count(DISTINCT user_id) FROM sessions
                WHERE last_seen_at > now() - interval '15 minutes')::int AS "onlineNow"
        FROM site_counters c`,
  );
  return {
    reviews: Number(r?.reviews ?? 0),
    onlineNow: Number(r?.onlineNow ?? 0),
    models: Number(r?.models ?? 0),
    prompts: Number(r?.prompts ?? 0),
    members: Number(r?.members ?? 0),
    posts: Number(r?.posts ?? 0),
  };
}

/** The landing page's and the feed sidebar's figures (src/common/api/stats.ts). */
export const statsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, api.getStats, listAnswers(), async () => communityStats(app.ctx.db));
};

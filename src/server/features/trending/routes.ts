import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/trending";
import * as battlesApi from "../../../common/api/trending-battles";
import { serve } from "../../platform/contract";
import { listAnswers } from "../../platform/public-cache";
import { createTrendingService } from "./service";

/**
 * SPEC §2.14 / §7 (src/common/api/trending.ts): trending topics, hot posts and rising creators
 * for 1h, 24h, 7d or 30d.
 */
export const trendingRoutes: FastifyPluginAsync = async (app) => {
  const trending = createTrendingService(app.ctx);
  // The rankings cached for up to a minute must not keep a post hidden by reports or an admin
  // (issue 25 item 2). The writes that reset the "members" caches are every write except the
  // frequent posting, liking and commenting (`membersUnchanged`), which cannot hide anything:
  // reports, every admin action and account deletion among them.
  app.onWrite(() => trending.clearCache(), "members");

  const publicCache = listAnswers();
  serve(app, api.trendingTopics, publicCache, async (request) => trending.topics(request.query));
  serve(app, api.trendingPosts, publicCache, async (request) => trending.posts(request.user, request.query));
  serve(app, battlesApi.trendingBattles, {}, async (request) =>
    trending.battles(request.user, request.query),
  );
  serve(app, api.risingCreators, publicCache, async (request) =>
    trending.creators(request.user, request.query),
  );
};

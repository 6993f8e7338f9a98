import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  risingCreatorSchema,
  trendingPostSchema,
  trendingQuerySchema,
  trendingTopicSchema,
} from "../../../common/trending";
import { errorResponses } from "../../platform/http";
import { PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { createTrendingService } from "./service";

/** SPEC §2.14 / §7: trending topics, hot posts and rising creators for 1h, 24h, 7d or 30d. */
export const trendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const trending = createTrendingService(app.ctx);
  // The rankings cached for up to a minute must not keep a post hidden by reports or an admin
  // (issue 25 item 2). The writes that reset the "members" caches are every write except the
  // frequent posting, liking and commenting (`membersUnchanged`), which cannot hide anything:
  // reports, every admin action and account deletion among them.
  app.onWrite(() => trending.clearCache(), "members");

  app.get(
    "/trending/topics",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags: ["discovery"],
        summary: "Hashtags by posts in the timeframe, with growth against the previous window",
        querystring: trendingQuerySchema,
        response: { 200: z.array(trendingTopicSchema), ...errorResponses(400) },
      },
    },
    async (request) => trending.topics(request.query),
  );

  app.get(
    "/trending/posts",
    {
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } },
      schema: {
        tags: ["discovery"],
        summary: "Hot posts of the timeframe by a time-decayed engagement score",
        querystring: trendingQuerySchema,
        response: { 200: z.array(trendingPostSchema), ...errorResponses(400) },
      },
    },
    async (request) => trending.posts(request.user, request.query),
  );

  app.get(
    "/trending/creators",
    {
      schema: {
        tags: ["discovery"],
        summary: "Rising creators: members who gained the most followers and likes in the timeframe",
        querystring: trendingQuerySchema,
        response: { 200: z.array(risingCreatorSchema), ...errorResponses(400) },
      },
    },
    async (request) => trending.creators(request.user, request.query),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResultSchema } from "../../../common/social";
import { errorResponses } from "../../platform/http";
import { PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { addressKey } from "../../platform/rate-limit";
import { createSearchService } from "./service";

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = createSearchService(app.ctx);
  const limiter = app.ctx.limiter({ name: "search", points: 120, durationSec: 60 });

  app.get(
    "/search",
    {
      // The answer depends on the query alone (no viewer field): members share the cache too. A
      // cached answer skips the rate limit below, which protects the database, not the cache.
      config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS, anyViewer: true } },
      schema: {
        tags: ["search"],
        summary: "Global search: posts and prompts by full-text relevance, members by username similarity",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await limiter.consume(
        request.user ? `u${request.user.id}` : addressKey(request.ip),
        "Search rate limit reached: please wait a moment.",
      );
      return search.search(request.query);
    },
  );
};

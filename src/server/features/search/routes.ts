import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import * as api from "../../../common/api/search";
import { serve } from "../../platform/contract";
import type { SearchResult } from "../../../common/social";
import { postEntity } from "../../platform/entities";
import { COLLECTIONS, namedAnswers } from "../../platform/public-cache";
import { addressKey } from "../../platform/rate-limit";
import { viewerFilter } from "../blocks/public";
import { createSearchService } from "./service";

/** Global search (src/common/api/search.ts). */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  const search = createSearchService(app.ctx);
  const limiter = app.ctx.limiter({ name: "search", points: 120, durationSec: 60 });

  // The answer depends on the query alone (no viewer field): members share the cache too, but for
  // a member with blocks (decision 0092), whose answer is theirs. A cached answer skips the rate
  // limit below, which protects the database, not the cache. It names the search and the posts
  // it shows (decision 0126): a new, edited or deleted post names the search, a like the post.
  const ownAnswer = async (request: FastifyRequest) =>
    request.user !== null && (await viewerFilter(app.ctx, request.user)).hidden.length > 0;
  serve(
    app,
    api.globalSearch,
    namedAnswers(
      (_request, result) => [
        COLLECTIONS.search,
        ...(result as SearchResult).posts.map((p) => postEntity(p.id)),
      ],
      { anyViewer: true, skip: ownAnswer },
    ),
    async (request) => {
      await limiter.consume(
        request.user ? `u${request.user.id}` : addressKey(request.ip),
        "Search rate limit reached: please wait a moment.",
      );
      return search.search(request.user, request.query);
    },
  );
};

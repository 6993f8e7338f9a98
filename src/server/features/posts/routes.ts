import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/posts";
import { serve } from "../../platform/contract";
import { PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createPostService } from "./service";
import { createViewBuffer } from "./views";

const LOGIN_TO_POST = "Please log in to post";
/** Posts, likes and comments change no member or session row (platform/write-sync.ts). */
const CONTENT_WRITE = { config: { membersUnchanged: true } };

/** The home feed (src/common/api/posts.ts: SPEC §7 posts calls, plus comments and the shared post link). */
export const postRoutes: FastifyPluginAsync = async (app) => {
  // Views are written in batches, not by the read (issue 26, decision 0113); closing flushes.
  const views = createViewBuffer(app.ctx.db, {
    flushMs: app.ctx.config.viewFlushMs,
    onError: (err) => app.log.warn({ err }, "post views: a batch was not written"),
  });
  app.ctx.buffers.add(views);
  const posts = createPostService(app.ctx, app.publicCache.shared, views);

  serve(app, api.listPosts, { config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } } }, async (request) =>
    posts.list(request.user, request.query),
  );
  serve(app, api.searchPosts, {}, async (request) => posts.search(request.user, request.query));
  serve(app, api.getPost, {}, async (request) => posts.open(request.user, request.params.id, request.ip));
  serve(app, api.createPost, CONTENT_WRITE, async (request) =>
    posts.create(requireUser(request, LOGIN_TO_POST), request.body),
  );
  serve(app, api.updatePost, CONTENT_WRITE, async (request) =>
    posts.update(requireUser(request), request.params.id, request.body),
  );
  serve(app, api.deletePost, CONTENT_WRITE, async (request) =>
    posts.remove(requireUser(request), request.params.id),
  );
  serve(app, api.likePost, CONTENT_WRITE, async (request) =>
    posts.toggleLike(requireUser(request, "Please log in to like posts"), request.params.id),
  );
  serve(app, api.listComments, {}, async (request) =>
    posts.listComments(request.user, request.params.id, request.query),
  );
  serve(app, api.createComment, CONTENT_WRITE, async (request) =>
    posts.addComment(requireUser(request, "Please log in to comment"), request.params.id, request.body),
  );
  serve(app, api.updateComment, CONTENT_WRITE, async (request) =>
    posts.updateComment(requireUser(request), request.params.postId, request.params.commentId, request.body),
  );
  serve(app, api.deleteComment, CONTENT_WRITE, async (request) =>
    posts.deleteComment(requireUser(request), request.params.postId, request.params.commentId),
  );
};

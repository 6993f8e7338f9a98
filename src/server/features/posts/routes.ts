import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import * as api from "../../../common/api/posts";
import { serve } from "../../platform/contract";
import { ENTITY_CACHE_TTL_MS, PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createPostService } from "./service";
import { createViewBuffer } from "./views";

const LOGIN_TO_POST = "Please log in to post";
/**
 * Posts, likes and comments change no member or session row (platform/write-sync.ts), and each
 * names the entities whose public answers it changes (decision 0119): the post (its page, and the
 * author's post lists that show it); a new post, its author's lists (not for a stealth post).
 */
const touching = (touches: (request: FastifyRequest) => readonly string[]) => ({
  config: { membersUnchanged: true, touches },
});
const THE_POST = touching((request) => [`post:${(request.params as { id: number }).id}`]);
const THE_COMMENTED_POST = touching((request) => [`post:${(request.params as { postId: number }).postId}`]);
// A stealth post is in no visitor's view of its author's posts: naming the author would only tell
// a watcher of that list (a miss after the post) who wrote it.
const THE_AUTHOR = touching((request) =>
  request.user && (request.body as { isAnonymous?: boolean } | undefined)?.isAnonymous !== true
    ? [`user:${request.user.id}`]
    : [],
);

const THE_POSTS_COMMENTS = {
  config: {
    publicCache: {
      ttlMs: ENTITY_CACHE_TTL_MS,
      entities: (request: FastifyRequest) => [`post:${(request.params as { id: number }).id}`],
    },
  },
};

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
  // A visitor's post page is an entity answer (decision 0119): a hit still counts the view.
  serve(
    app,
    api.getPost,
    {
      config: {
        publicCache: {
          ttlMs: ENTITY_CACHE_TTL_MS,
          entities: (request) => [`post:${(request.params as { id: number }).id}`],
          onHit: (request) => {
            posts.countView((request.params as { id: number }).id, request.ip);
            return false;
          },
        },
      },
    },
    async (request) => posts.open(request.user, request.params.id, request.ip),
  );
  serve(app, api.createPost, THE_AUTHOR, async (request) =>
    posts.create(requireUser(request, LOGIN_TO_POST), request.body),
  );
  serve(app, api.updatePost, THE_POST, async (request) =>
    posts.update(requireUser(request), request.params.id, request.body),
  );
  serve(app, api.deletePost, THE_POST, async (request) =>
    posts.remove(requireUser(request), request.params.id),
  );
  serve(app, api.likePost, THE_POST, async (request) =>
    posts.toggleLike(requireUser(request, "Please log in to like posts"), request.params.id),
  );
  // A visitor's page of a post's comments is an entity answer too: every comment write names the post.
  serve(app, api.listComments, THE_POSTS_COMMENTS, async (request) =>
    posts.listComments(request.user, request.params.id, request.query),
  );
  serve(app, api.createComment, THE_POST, async (request) =>
    posts.addComment(requireUser(request, "Please log in to comment"), request.params.id, request.body),
  );
  serve(app, api.updateComment, THE_COMMENTED_POST, async (request) =>
    posts.updateComment(requireUser(request), request.params.postId, request.params.commentId, request.body),
  );
  serve(app, api.deleteComment, THE_COMMENTED_POST, async (request) =>
    posts.deleteComment(requireUser(request), request.params.postId, request.params.commentId),
  );
};

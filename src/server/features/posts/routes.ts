import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import * as api from "../../../common/api/posts";
import { serve } from "../../platform/contract";
import { likesEntity, modelPostsEntity, postEntity, tagEntity, userEntity } from "../../platform/entities";
import { COLLECTIONS, ENTITY_CACHE_TTL_MS } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { registerKeptLikes } from "./liked";
import { createPostService } from "./service";
import { createRankRefresher } from "./ranks";
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
/**
 * The hashtags and model a new or edited post carries, kept by its handler for its write's
 * touches: a member's kept Following tab names the hashtags and models they follow (decision 0137).
 */
const carried = new WeakMap<FastifyRequest, { tags: readonly string[]; aiModel: string | null }>();
const carriedTopics = (request: FastifyRequest): string[] => {
  const post = carried.get(request);
  if (!post) return [];
  return [...post.tags.map((t) => tagEntity(t)), ...(post.aiModel ? [modelPostsEntity(post.aiModel)] : [])];
};
/** The post a route's `:id` names, and that post as its cache entity. */
const postIdOf = (request: FastifyRequest) => (request.params as { id: number }).id;
const thePost = (request: FastifyRequest) => postEntity(postIdOf(request));
const THE_POST = touching((request) => [thePost(request)]);
// A like names the member's likes too: each instance forgets what it kept of them (liked.ts).
const THE_LIKED_POST = touching((request) => [
  thePost(request),
  ...(request.user ? [likesEntity(request.user.id)] : []),
]);
// An edit changes which searches find the post, and where (decision 0126).
const THE_EDITED_POST = touching((request) => [
  thePost(request),
  COLLECTIONS.search,
  ...carriedTopics(request),
]);
// Deleting a post takes back the rating it gave a model (ai-models/rating-link.ts): the catalog
// too; and an older match takes its place among a search's candidates.
const THE_DELETED_POST = touching((request) => [thePost(request), COLLECTIONS.models, COLLECTIONS.search]);
const THE_COMMENTED_POST = touching((request) => [postEntity((request.params as { postId: number }).postId)]);
// A stealth post is in no visitor's view of its author's posts: naming the author would only tell
// a watcher of that list (a miss after the post) who wrote it.
// A post rating a model is that model's review (ai-models/rating-link.ts): it names the catalog.
const THE_AUTHOR = touching((request) => {
  const body = request.body as
    | { isAnonymous?: boolean; aiModel?: string | null; rating?: number | null }
    | undefined;
  return [
    COLLECTIONS.search,
    ...(request.user && body?.isAnonymous !== true ? [userEntity(request.user.id)] : []),
    ...(body?.aiModel && body.rating ? [COLLECTIONS.models] : []),
    ...carriedTopics(request),
  ];
});

const THE_POSTS_COMMENTS = {
  config: {
    publicCache: {
      ttlMs: ENTITY_CACHE_TTL_MS,
      entities: (request: FastifyRequest) => [thePost(request)],
    },
  },
};

/**
 * The feed's answers for visitors. A page of New after a cursor shows the visible posts older than
 * the cursor — a new post (a higher id) never joins it — so it is an entity answer named by the
 * posts it shows (decision 0125): their likes, comments, edits and deletions name them; hiding,
 * bans and renames name nothing. The first page, a hashtag's pages (an edit can add a post to
 * them) and Hot and Top (every like moves them) stay list answers.
 */
const FEED_PAGES = {
  config: {
    publicCache: {
      ttlMs: ENTITY_CACHE_TTL_MS,
      entities: (request: FastifyRequest, result: unknown) => {
        const query = request.query as { cursor?: unknown; tag?: unknown; sort?: unknown; tab?: unknown };
        const olderPage =
          query.cursor !== undefined &&
          !query.tag &&
          (query.sort ?? "new") === "new" &&
          (query.tab ?? "all") === "all";
        return olderPage ? (result as Array<{ id: number }>).map((p) => postEntity(p.id)) : null;
      },
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
  // Hot and Top ranks follow the counters every few seconds (decision 0147), after the views.
  app.ctx.buffers.add(
    createRankRefresher(app.ctx.db, {
      refreshMs: app.ctx.config.rankRefreshMs,
      onError: (err) => app.log.warn({ err }, "post ranks: a refresh failed"),
    }),
  );
  const posts = createPostService(app.ctx, app.publicCache.shared, views);
  registerKeptLikes(app);

  // A member's Following tab (newest first) is kept for them until what it shows changes (decision 0137).
  const feedPages = {
    config: {
      ...FEED_PAGES.config,
      memberAnswers: {
        applies: (request: FastifyRequest) => {
          const query = request.query as { tab?: unknown; sort?: unknown; tag?: unknown };
          return query.tab === "following" && (query.sort ?? "new") === "new" && !query.tag;
        },
        entities: (request: FastifyRequest, result: unknown) =>
          request.user ? posts.followingEntities(request.user, result as Array<{ id: number }>) : null,
      },
    },
  };
  serve(app, api.listPosts, feedPages, async (request) => posts.list(request.user, request.query));
  serve(app, api.searchPosts, {}, async (request) => posts.search(request.user, request.query));
  // A visitor's post page is an entity answer (decision 0119): a hit still counts the view.
  serve(
    app,
    api.getPost,
    {
      config: {
        publicCache: {
          ttlMs: ENTITY_CACHE_TTL_MS,
          entities: (request) => [thePost(request)],
          onHit: (request) => {
            posts.countView(postIdOf(request), request.ip);
            return false;
          },
        },
      },
    },
    async (request) => posts.open(request.user, request.params.id, request.ip),
  );
  serve(app, api.createPost, THE_AUTHOR, async (request) => {
    const post = await posts.create(requireUser(request, LOGIN_TO_POST), request.body);
    carried.set(request, post);
    return post;
  });
  serve(app, api.updatePost, THE_EDITED_POST, async (request) => {
    const post = await posts.update(requireUser(request), request.params.id, request.body);
    carried.set(request, post);
    return post;
  });
  serve(app, api.deletePost, THE_DELETED_POST, async (request) =>
    posts.remove(requireUser(request), request.params.id),
  );
  serve(app, api.likePost, THE_LIKED_POST, async (request) =>
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

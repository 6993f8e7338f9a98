import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import * as api from "../../../common/api/forums";
import { serve } from "../../platform/contract";
import { ENTITY_CACHE_TTL_MS, PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createForumService } from "./service";

const SIGN_IN = {
  forum: "Please log in to create a forum",
  join: "Please log in to join forums",
  thread: "Please log in to start a thread",
  reply: "Please log in to reply",
  edit: "Please log in to continue",
} as const;

const PUBLIC_CACHE = { config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS } } };
const theThread = (request: FastifyRequest) => [`thread:${(request.params as { id: number }).id}`];
/** A thread and its reply pages are entity answers (decision 0119), named by the thread. */
const THREAD_CACHE = { config: { publicCache: { ttlMs: ENTITY_CACHE_TTL_MS, entities: theThread } } };
/** Writes to a thread, its replies (and its forum's lists): they name the thread. */
const THREAD_WRITE = { config: { touches: theThread } };
/** A new thread changes lists only (the forum's thread list, the forum list's counters). */
const LISTS_WRITE = { config: { touches: () => [] } };

/**
 * Forums (src/common/api/forums.ts; SPEC §2.7, §7): the list and creation of the spec, plus the
 * forum page the spec leaves open — membership, threads by latest activity, replies in order (DESIGN §4).
 */
export const forumRoutes: FastifyPluginAsync = async (app) => {
  const forums = createForumService(app.ctx);

  serve(app, api.listForums, PUBLIC_CACHE, async (request) => forums.list(request.user, request.query));
  serve(app, api.createForum, {}, async (request) =>
    forums.create(requireUser(request, SIGN_IN.forum), request.body),
  );
  serve(app, api.getForum, {}, async (request) => forums.get(request.user, request.params.id));
  serve(app, api.joinForum, {}, async (request) =>
    forums.join(requireUser(request, SIGN_IN.join), request.params.id),
  );
  serve(app, api.leaveForum, {}, async (request) =>
    forums.leave(requireUser(request, SIGN_IN.join), request.params.id),
  );
  serve(app, api.listThreads, PUBLIC_CACHE, async (request) =>
    forums.listThreads(request.user, request.params.id, request.query),
  );
  serve(app, api.createThread, LISTS_WRITE, async (request) =>
    forums.createThread(requireUser(request, SIGN_IN.thread), request.params.id, request.body),
  );
  serve(app, api.getThread, THREAD_CACHE, async (request) =>
    forums.getThread(request.user, request.params.id),
  );
  serve(app, api.updateThread, THREAD_WRITE, async (request) =>
    forums.updateThread(requireUser(request, SIGN_IN.edit), request.params.id, request.body),
  );
  serve(app, api.deleteThread, THREAD_WRITE, async (request) => {
    await forums.deleteThread(requireUser(request, SIGN_IN.edit), request.params.id);
    return { message: "Thread deleted" };
  });
  serve(app, api.listReplies, THREAD_CACHE, async (request) =>
    forums.listReplies(request.user, request.params.id, request.query),
  );
  serve(app, api.createReply, THREAD_WRITE, async (request) =>
    forums.createReply(requireUser(request, SIGN_IN.reply), request.params.id, request.body),
  );
  serve(app, api.updateReply, THREAD_WRITE, async (request) =>
    forums.updateReply(
      requireUser(request, SIGN_IN.edit),
      request.params.id,
      request.params.replyId,
      request.body,
    ),
  );
  serve(app, api.deleteReply, THREAD_WRITE, async (request) => {
    await forums.deleteReply(requireUser(request, SIGN_IN.edit), request.params.id, request.params.replyId);
    return { message: "Reply deleted" };
  });
};

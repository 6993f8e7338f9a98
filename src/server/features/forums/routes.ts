import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import * as api from "../../../common/api/forums";
import { serve } from "../../platform/contract";
import { forumEntity, threadEntity } from "../../platform/entities";
import { listAnswers, namedAnswers } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { createForumService } from "./service";

const SIGN_IN = {
  forum: "Please log in to create a forum",
  join: "Please log in to join forums",
  thread: "Please log in to start a thread",
  reply: "Please log in to reply",
  edit: "Please log in to continue",
} as const;

const PUBLIC_CACHE = listAnswers();
const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
const theThread = (request: FastifyRequest) => [threadEntity(idOf(request))];
/** A thread and its reply pages are entity answers (decision 0119), named by the thread. */
const THREAD_CACHE = namedAnswers(theThread);
/**
 * A forum's thread lists are named by the forum (decision 0125): a new thread, and every write
 * to one of its threads (a reply moves the thread up and counts; an edit, a deletion), name it.
 */
const FORUM_LISTS = namedAnswers((request) => [forumEntity(idOf(request))]);
/** A new thread: its forum's lists (and the unnamed lists: the forum directory's counters). */
const NEW_THREAD = { config: { touches: (request: FastifyRequest) => [forumEntity(idOf(request))] } };

/**
 * Forums (src/common/api/forums.ts; SPEC §2.7, §7): the list and creation of the spec, plus the
 * forum page the spec leaves open — membership, threads by latest activity, replies in order (DESIGN §4).
 */
export const forumRoutes: FastifyPluginAsync = async (app) => {
  const forums = createForumService(app.ctx);
  /** Writes to a thread and its replies name the thread and its forum. */
  const THREAD_WRITE = {
    config: {
      touches: async (request: FastifyRequest) => {
        const forumId = await forums.forumOf(idOf(request));
        // Unknown (gone before this instance read it): naming nothing resets every cache.
        if (forumId === null) throw new Error(`the forum of thread ${idOf(request)} is not known`);
        return [threadEntity(idOf(request)), forumEntity(forumId)];
      },
    },
  };

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
  serve(app, api.listThreads, FORUM_LISTS, async (request) =>
    forums.listThreads(request.user, request.params.id, request.query),
  );
  serve(app, api.createThread, NEW_THREAD, async (request) =>
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

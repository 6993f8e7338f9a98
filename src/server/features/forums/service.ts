import { and, sql } from "drizzle-orm";
import { BLOCK_MESSAGES, BLOCKED_CODE } from "../../../common/blocks";
import {
  FORUM_MESSAGES,
  type ForumCreateData,
  type Membership,
  type ReplyCreateData,
  type ThreadCreateData,
  type ThreadUpdateData,
} from "../../../common/forums";
import type { PageQuery } from "../../../common/http";
import { forumReplies, forums, forumThreads } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/http";
import { blockedEitherWay, notAmong, notAuthoredBy, viewerFilter } from "../blocks/public";
import { recordRevision, sameFields } from "../history/public";
import { announceMentions } from "./mentions";
import { createModerator } from "./moderate";
import {
  canEdit,
  presentBlockedReply,
  presentForum,
  presentReply,
  presentThread,
  presentThreadSummary,
} from "./presenter";
import * as q from "./queries";

export const threadUrl = (forumId: number, threadId: number) => `/forums/${forumId}/threads/${threadId}`;
export const replyUrl = (forumId: number, threadId: number, replyId: number) =>
  `${threadUrl(forumId, threadId)}#reply-${replyId}`;

export function createForumService(ctx: AppContext) {
  const moderation = createModerator(ctx);
  // Forums are long-lived rooms: a handful a day per member is plenty, a flood is abuse.
  const forumCreation = ctx.limiter({ name: "forum-create", points: 10, durationSec: 24 * 60 * 60 });

  /** The acting member's id for an owner-scoped write, or null when an administrator may act on anyone's. */
  const ownerScope = (user: SessionUser, authorId: number) => {
    if (!canEdit(user, authorId)) throw forbidden(FORUM_MESSAGES.notYours);
    return user.isAdmin && user.id !== authorId ? null : user.id;
  };

  async function requireForum(id: number, viewer: SessionUser | null) {
    const row = await q.findForum(ctx.db, id, viewer?.id ?? null);
    if (!row) throw notFound(FORUM_MESSAGES.notFound);
    return row;
  }

  /**
   * Each thread's forum (a thread never moves), as read: what a write to a thread names besides
   * the thread — its forum's lists (decision 0125). Bounded; a thread not in it is read.
   */
  const forumOfThread = new Map<number, number>();
  const remember = (threadId: number, forumId: number) => {
    if (forumOfThread.size >= 50_000) forumOfThread.clear();
    forumOfThread.set(threadId, forumId);
  };

  async function requireThread(id: number) {
    const row = await q.findThread(ctx.db, id);
    if (!row) throw notFound(FORUM_MESSAGES.threadNotFound);
    remember(id, row.thread.forumId);
    return row;
  }

  return {
    /** The forum of a thread (null: no such thread, e.g. deleted before this instance read it). */
    async forumOf(threadId: number): Promise<number | null> {
      const known = forumOfThread.get(threadId);
      if (known !== undefined) return known;
      const row = await q.findThread(ctx.db, threadId);
      if (row) remember(threadId, row.thread.forumId);
      return row?.thread.forumId ?? null;
    },

    // ------------------------------------------------------------ forums
    /** A muted forum leaves the directory (a search still finds it; its address still opens it). */
    async list(viewer: SessionUser | null, query: { search?: string } & PageQuery) {
      const filter = await viewerFilter(ctx, viewer);
      const rows = await q.listForums(ctx.db, {
        search: query.search || undefined,
        limit: query.limit,
        cursor: query.cursor,
        viewerId: viewer?.id ?? null,
        exclude: query.search ? undefined : notAmong(filter.mutedForums, sql`${forums.id}`),
      });
      return rows.map(presentForum);
    },

    async get(viewer: SessionUser | null, id: number) {
      return presentForum(await requireForum(id, viewer));
    },

    /** Creates a forum; its creator is its first member. Names are unique ignoring case (409). */
    async create(user: SessionUser, input: ForumCreateData) {
      await moderation.checkFields(user, "Forum", [input.name, input.description]);
      if (await q.findForumByName(ctx.db, input.name))
        throw conflict(FORUM_MESSAGES.nameTaken, "forum_name_taken");
      await forumCreation.consume(String(user.id), FORUM_MESSAGES.createRateLimit);
      const description = input.description;
      const now = ctx.now();
      const id = await ctx.db
        .transaction(async (tx) => {
          const forum = await q.insertForum(tx, {
            name: input.name,
            description,
            aiModel: input.aiModel,
            createdBy: user.id,
            now,
          });
          await q.insertMembership(tx, forum.id, user.id, now);
          await q.bumpForum(tx, forum.id, { members: 1 });
          return forum.id;
        })
        .catch((err) => {
          if (isUniqueViolation(err, "forums_name_lower_idx"))
            throw conflict(FORUM_MESSAGES.nameTaken, "forum_name_taken");
          throw err;
        });
      return presentForum((await q.findForum(ctx.db, id, user.id))!);
    },

    /** Join and leave keep `memberCount` exact: the counter moves only when a membership row does. */
    async join(user: SessionUser, forumId: number): Promise<Membership> {
      await requireForum(forumId, null);
      return ctx.db.transaction(async (tx) => {
        const added = await q.insertMembership(tx, forumId, user.id, ctx.now());
        const row = await q.bumpForum(tx, forumId, { members: added ? 1 : 0 });
        if (!row) throw notFound(FORUM_MESSAGES.notFound);
        return { isMember: true, memberCount: row.memberCount };
      });
    },

    async leave(user: SessionUser, forumId: number): Promise<Membership> {
      await requireForum(forumId, null);
      return ctx.db.transaction(async (tx) => {
        const removed = await q.deleteMembership(tx, forumId, user.id);
        const row = await q.bumpForum(tx, forumId, { members: removed ? -1 : 0 });
        if (!row) throw notFound(FORUM_MESSAGES.notFound);
        return { isMember: false, memberCount: row.memberCount };
      });
    },

    // ------------------------------------------------------------ threads
    /** Threads of members blocked either way, and muted threads, leave the viewer's list (0092, 0093). */
    async listThreads(viewer: SessionUser | null, forumId: number, page: PageQuery) {
      await requireForum(forumId, null);
      const filter = await viewerFilter(ctx, viewer);
      const rows = await q.listThreads(
        ctx.db,
        forumId,
        page,
        filter.empty
          ? undefined
          : and(
              notAuthoredBy(filter.hidden, sql`${forumThreads.authorId}`),
              notAmong(filter.mutedThreads, sql`${forumThreads.id}`),
            ),
      );
      for (const r of rows) remember(r.thread.id, r.thread.forumId);
      return rows.map(presentThreadSummary);
    },

    async getThread(viewer: SessionUser | null, id: number) {
      const row = await requireThread(id);
      // A thread hidden pending review is seen only by its author and admins (issue 8).
      if (row.thread.hiddenAt && !viewer?.isAdmin && row.authorId !== viewer?.id) {
        throw notFound(FORUM_MESSAGES.threadNotFound);
      }
      return presentThread(row, viewer);
    },

    async createThread(user: SessionUser, forumId: number, input: ThreadCreateData) {
      // The repeat check reads while the forum is looked up; the fingerprint is remembered while
      // the thread is stored (decision 0149).
      const ahead = moderation.lookAhead(user, input.content, "thread");
      await requireForum(forumId, null);
      const { text: content, remembered } = await moderation.screen(user, input.content, {
        kind: "thread",
        label: "Thread",
        fields: [input.title],
        ahead,
      });
      const now = ctx.now();
      const [threadId] = await Promise.all([
        ctx.db.transaction(async (tx) => {
          // The forum row is locked first: a forum deleted meanwhile answers 404, not an FK error.
          const forum = await q.bumpForum(tx, forumId, { posts: 1, threads: 1, activityAt: now });
          if (!forum) throw notFound(FORUM_MESSAGES.notFound);
          const thread = await q.insertThread(tx, {
            forumId,
            authorId: user.id,
            title: input.title,
            content,
            now,
          });
          return thread.id;
        }),
        remembered,
      ]);
      await announceMentions(ctx, { actorId: user.id, text: content, url: threadUrl(forumId, threadId) });
      return presentThread((await q.findThread(ctx.db, threadId))!, user);
    },

    async updateThread(user: SessionUser, id: number, input: ThreadUpdateData) {
      const existing = await requireThread(id);
      const scope = ownerScope(user, existing.thread.authorId);
      if (input.title !== undefined) await moderation.checkFields(user, "Thread", [input.title]);
      const content =
        input.content !== undefined
          ? await moderation.check(user, input.content, { kind: "thread", isEdit: true, label: "Thread" })
          : undefined;
      const before = { title: existing.thread.title, content: existing.thread.content };
      const after = { title: input.title ?? before.title, content: content ?? before.content };
      // A no-op edit changes nothing: no "edited" mark, no revision (decision 0105).
      if (sameFields(before, after)) return presentThread(existing, user);
      const editedAt = ctx.now();
      const updated = await ctx.db.transaction(async (tx) => {
        const row = await q.updateThread(tx, id, scope, { title: input.title, content, editedAt });
        if (row) {
          await recordRevision(tx, {
            kind: "thread",
            targetId: id,
            before,
            after,
            originalAt: existing.thread.editedAt ?? existing.thread.createdAt,
            originalBy: existing.thread.authorId,
            editedAt,
            editedBy: user.id,
          });
        }
        return row;
      });
      if (!updated) throw notFound(FORUM_MESSAGES.threadNotFound);
      if (content !== undefined) {
        await announceMentions(ctx, {
          actorId: user.id,
          text: content,
          previousText: existing.thread.content,
          url: threadUrl(existing.thread.forumId, id),
        });
      }
      return presentThread((await q.findThread(ctx.db, id))!, user);
    },

    /** Deletes a thread with its replies; the forum's post count loses all of them. */
    async deleteThread(user: SessionUser, id: number) {
      const existing = await requireThread(id);
      const scope = ownerScope(user, existing.thread.authorId);
      await ctx.db.transaction(async (tx) => {
        const removed = await q.deleteThread(tx, id, scope);
        if (!removed) throw notFound(FORUM_MESSAGES.threadNotFound);
        await q.bumpForum(tx, removed.forumId, { posts: -(1 + removed.replyCount), threads: -1 });
      });
    },

    // ------------------------------------------------------------ replies
    async listReplies(viewer: SessionUser | null, threadId: number, page: PageQuery) {
      await requireThread(threadId);
      // A member who blocked the viewer: their replies are left out (the viewer is not told); a
      // member the viewer blocked: collapsed as "Post from a blocked member" (decision 0092).
      const filter = await viewerFilter(ctx, viewer);
      const rows = await q.listReplies(
        ctx.db,
        threadId,
        page,
        notAuthoredBy([...filter.blockingMe], sql`${forumReplies.authorId}`),
      );
      return rows.map((r) =>
        filter.blockedByMe.has(r.authorId) ? presentBlockedReply(r) : presentReply(r, viewer),
      );
    },

    async createReply(user: SessionUser, threadId: number, input: ReplyCreateData) {
      // As a thread: the repeat check reads with the thread, the fingerprint is remembered with the reply.
      const ahead = moderation.lookAhead(user, input.content, "reply");
      const existing = await requireThread(threadId);
      // Either way, in words that do not say who blocked whom (decision 0092).
      if (await blockedEitherWay(ctx, user.id, existing.thread.authorId)) {
        throw new AppError(403, BLOCK_MESSAGES.cannotReply, BLOCKED_CODE);
      }
      const { text: content, remembered } = await moderation.screen(user, input.content, {
        kind: "reply",
        label: "Reply",
        ahead,
      });
      const now = ctx.now();
      const [{ reply, thread }] = await Promise.all([
        ctx.db.transaction(async (tx) => {
          const thread = await q.bumpThreadForReply(tx, threadId, user.id, now);
          if (!thread) throw notFound(FORUM_MESSAGES.threadNotFound);
          const reply = await q.insertReply(tx, { threadId, authorId: user.id, content, now });
          await q.bumpForum(tx, thread.forumId, { posts: 1, activityAt: now });
          return { reply, thread };
        }),
        remembered,
      ]);
      const url = replyUrl(thread.forumId, threadId, reply.id);
      if (thread.authorId !== user.id) {
        await ctx.events.emit("thread.replied", {
          actorId: user.id,
          threadId,
          replyId: reply.id,
          forumId: thread.forumId,
          ownerId: thread.authorId,
        });
      }
      // The thread's author hears about the reply once, through "thread.replied".
      await announceMentions(ctx, { actorId: user.id, text: content, url, exclude: [thread.authorId] });
      return presentReply((await q.findReply(ctx.db, threadId, reply.id))!, user);
    },

    async updateReply(user: SessionUser, threadId: number, replyId: number, input: ReplyCreateData) {
      const existing = await q.findReply(ctx.db, threadId, replyId);
      if (!existing) throw notFound(FORUM_MESSAGES.replyNotFound);
      const scope = ownerScope(user, existing.reply.authorId);
      const content = await moderation.check(user, input.content, {
        kind: "reply",
        isEdit: true,
        label: "Reply",
      });
      if (content === existing.reply.content) return presentReply(existing, user);
      const editedAt = ctx.now();
      const updated = await ctx.db.transaction(async (tx) => {
        const row = await q.updateReply(tx, threadId, replyId, scope, { content, editedAt });
        if (row) {
          await recordRevision(tx, {
            kind: "reply",
            targetId: replyId,
            before: { content: existing.reply.content },
            after: { content },
            originalAt: existing.reply.editedAt ?? existing.reply.createdAt,
            originalBy: existing.reply.authorId,
            editedAt,
            editedBy: user.id,
          });
        }
        return row;
      });
      if (!updated) throw notFound(FORUM_MESSAGES.replyNotFound);
      const thread = await q.findThread(ctx.db, threadId);
      if (thread) {
        await announceMentions(ctx, {
          actorId: user.id,
          text: content,
          previousText: existing.reply.content,
          url: replyUrl(thread.thread.forumId, threadId, replyId),
          exclude: [thread.thread.authorId],
        });
      }
      return presentReply((await q.findReply(ctx.db, threadId, replyId))!, user);
    },

    async deleteReply(user: SessionUser, threadId: number, replyId: number) {
      const existing = await q.findReply(ctx.db, threadId, replyId);
      if (!existing) throw notFound(FORUM_MESSAGES.replyNotFound);
      const scope = ownerScope(user, existing.reply.authorId);
      await ctx.db.transaction(async (tx) => {
        const removed = await q.deleteReply(tx, threadId, replyId, scope);
        if (!removed) throw notFound(FORUM_MESSAGES.replyNotFound);
        const thread = await q.unbumpThreadForReply(tx, threadId);
        if (thread) await q.bumpForum(tx, thread.forumId, { posts: -1 });
      });
    },
  };
}

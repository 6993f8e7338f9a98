import { and, eq, isNull } from "drizzle-orm";
import { ADMIN_MESSAGES } from "../../../common/admin";
import type { ReportTargetType } from "../../../common/reports";
import { promptUrl } from "../../../common/social";
import type { DbOrTx } from "../../db/connect";
import {
  arenaBattles,
  forumReplies,
  forumThreads,
  postComments,
  posts,
  prompts,
  users,
} from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest } from "../../platform/errors";
import { lockModel, modelIdsRatedFromPost, recomputeRating } from "../ai-models/public";
import { createArenaService } from "../arena/public";
import { createForumService, replyUrl, threadUrl } from "../forums/public";
import * as postQueries from "../posts/public";
import { createPromptService } from "../prompts/public";
import { removeUpload } from "../uploads/public";

/**
 * The things members can report, seen the same way: who wrote it, its text, where it is shown,
 * whether it is hidden. The report and admin code never needs to know each feature's tables.
 */
export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  authorId: number;
  content: string;
  url: string;
  hidden: boolean;
  /** For comments and replies: the item they belong to (post or thread id). */
  parentId: number | null;
}

const EXCERPT_MAX = 2000;
const excerpt = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

export async function findTarget(
  db: DbOrTx,
  type: ReportTargetType,
  id: number,
): Promise<ReportTarget | undefined> {
  const base = { type, id };
  switch (type) {
    case "post": {
      const [r] = await db
        .select({ authorId: posts.authorId, content: posts.content, hiddenAt: posts.hiddenAt })
        .from(posts)
        .where(eq(posts.id, id))
        .limit(1);
      return (
        r && {
          ...base,
          authorId: r.authorId,
          content: excerpt(r.content),
          url: `/post/${id}`,
          hidden: r.hiddenAt !== null,
          parentId: null,
        }
      );
    }
    case "comment": {
      const [r] = await db
        .select({
          authorId: postComments.authorId,
          content: postComments.content,
          hiddenAt: postComments.hiddenAt,
          postId: postComments.postId,
        })
        .from(postComments)
        .where(eq(postComments.id, id))
        .limit(1);
      return (
        r && {
          ...base,
          authorId: r.authorId,
          content: excerpt(r.content),
          url: `/post/${r.postId}`,
          hidden: r.hiddenAt !== null,
          parentId: r.postId,
        }
      );
    }
    case "thread": {
      const [r] = await db
        .select({
          authorId: forumThreads.authorId,
          title: forumThreads.title,
          content: forumThreads.content,
          hiddenAt: forumThreads.hiddenAt,
          forumId: forumThreads.forumId,
        })
        .from(forumThreads)
        .where(eq(forumThreads.id, id))
        .limit(1);
      return (
        r && {
          ...base,
          authorId: r.authorId,
          content: excerpt(`${r.title}\n\n${r.content}`),
          url: threadUrl(r.forumId, id),
          hidden: r.hiddenAt !== null,
          parentId: null,
        }
      );
    }
    case "reply": {
      const [r] = await db
        .select({
          authorId: forumReplies.authorId,
          content: forumReplies.content,
          hiddenAt: forumReplies.hiddenAt,
          threadId: forumReplies.threadId,
          forumId: forumThreads.forumId,
        })
        .from(forumReplies)
        .innerJoin(forumThreads, eq(forumThreads.id, forumReplies.threadId))
        .where(eq(forumReplies.id, id))
        .limit(1);
      return (
        r && {
          ...base,
          authorId: r.authorId,
          content: excerpt(r.content),
          url: replyUrl(r.forumId, r.threadId, id),
          hidden: r.hiddenAt !== null,
          parentId: r.threadId,
        }
      );
    }
    case "prompt": {
      const [r] = await db
        .select({
          authorId: prompts.authorId,
          title: prompts.title,
          content: prompts.content,
          hiddenAt: prompts.hiddenAt,
        })
        .from(prompts)
        .where(eq(prompts.id, id))
        .limit(1);
      return (
        r && {
          ...base,
          authorId: r.authorId,
          content: excerpt(`${r.title}\n\n${r.content}`),
          url: promptUrl(id),
          hidden: r.hiddenAt !== null,
          parentId: null,
        }
      );
    }
    case "battle": {
      const [r] = await db
        .select({
          authorId: arenaBattles.submitterId,
          prompt: arenaBattles.prompt,
          responseA: arenaBattles.responseA,
          responseB: arenaBattles.responseB,
          hiddenAt: arenaBattles.hiddenAt,
        })
        .from(arenaBattles)
        .where(eq(arenaBattles.id, id))
        .limit(1);
      return (
        r && {
          ...base,
          authorId: r.authorId,
          content: excerpt(`${r.prompt}\n\nA: ${r.responseA}\n\nB: ${r.responseB}`),
          url: "/arena",
          hidden: r.hiddenAt !== null,
          parentId: null,
        }
      );
    }
    case "user": {
      const [r] = await db
        .select({ username: users.username, bio: users.bio })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return (
        r && {
          ...base,
          authorId: id,
          content: excerpt(r.bio ? `${r.username}: ${r.bio}` : r.username),
          url: `/profile/${id}`,
          hidden: false,
          parentId: null,
        }
      );
    }
  }
}

/**
 * Hides (a date) or shows again (null) an item. Members are never hidden: a report about a
 * member waits for an admin. Answers whether a row changed.
 */
export async function setHidden(
  db: DbOrTx,
  type: ReportTargetType,
  id: number,
  hiddenAt: Date | null,
): Promise<boolean> {
  const table =
    type === "post"
      ? posts
      : type === "comment"
        ? postComments
        : type === "thread"
          ? forumThreads
          : type === "reply"
            ? forumReplies
            : type === "prompt"
              ? prompts
              : type === "battle"
                ? arenaBattles
                : null;
  if (!table) return false;
  const rows = await db
    .update(table)
    .set({ hiddenAt })
    .where(and(eq(table.id, id), hiddenAt ? isNull(table.hiddenAt) : undefined))
    .returning({ id: table.id });
  // The aggregates kept by triggers follow by themselves (migration 0015); a rating given through
  // a feed post is the post's review and counts in its model's rating only while the post is shown.
  if (type === "post" && rows.length > 0) {
    const models = (await modelIdsRatedFromPost(db, id)).sort((a, b) => a - b);
    for (const modelId of models) await lockModel(db, modelId);
    for (const modelId of models) await recomputeRating(db, modelId);
  }
  return rows.length > 0;
}

/**
 * Deletes a reported item the way its own feature deletes it (counters, hooks, uploads). Forum
 * threads, replies and prompts already let an administrator delete; posts and comments are
 * deleted with their author named in the WHERE clause.
 */
export async function removeTarget(ctx: AppContext, admin: SessionUser, target: ReportTarget): Promise<void> {
  switch (target.type) {
    case "post": {
      const deleted = await postQueries.deletePost(ctx.db, target.id, target.authorId);
      if (!deleted) return;
      await ctx.events.emit("post.deleted", { postId: target.id });
      if (deleted.image && !(await postQueries.isImageInUse(ctx.db, deleted.image))) {
        await removeUpload(ctx, deleted.image).catch((err) =>
          ctx.log.warn({ err }, "could not remove an upload"),
        );
      }
      return;
    }
    case "comment": {
      const postId = target.parentId!;
      await ctx.db.transaction((tx) =>
        postQueries.removeComment(tx, postId, target.id, target.authorId, ctx.now()),
      );
      return;
    }
    case "thread":
      await createForumService(ctx).deleteThread(admin, target.id);
      return;
    case "reply":
      await createForumService(ctx).deleteReply(admin, target.parentId!, target.id);
      return;
    case "prompt":
      await createPromptService(ctx).remove(admin, target.id);
      return;
    case "battle":
      await createArenaService(ctx).remove(admin, target.id);
      return;
    case "user":
      throw badRequest(ADMIN_MESSAGES.removeMember);
  }
}

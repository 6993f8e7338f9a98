import { and, isNull, type SQL, sql } from "drizzle-orm";
import { forumReplies, forumThreads, postComments, posts, prompts } from "../../db/schema";

/**
 * What "shown to the public" means for moderated content (issue 25 item 2, decision 0055): an
 * item hidden pending review (reports, or an admin acting on them: `hidden_at` set) leaves every
 * list, search, count and aggregate; a comment or reply also goes with its hidden post or thread
 * (it would link to a page that answers 404). Every query that reads these tables for anyone but
 * the item's author or an admin uses one of these predicates rather than its own condition.
 *
 * `visible` is for Drizzle's query builder; `visibleSql` for raw SQL with a table alias (the
 * aliases are the queries' own identifiers, never input).
 */
export const visible = {
  post: (): SQL => isNull(posts.hiddenAt),
  prompt: (): SQL => isNull(prompts.hiddenAt),
  thread: (): SQL => isNull(forumThreads.hiddenAt),
  /**
   * The comment itself, and the comment it answers (a hidden comment takes its replies with it);
   * its post's visibility is the caller's (it already reads the post).
   */
  comment: (): SQL =>
    and(
      isNull(postComments.hiddenAt),
      sql`(${postComments.parentId} IS NULL OR NOT EXISTS (SELECT 1 FROM post_comments hidden_parent
        WHERE hidden_parent.id = ${postComments.parentId} AND hidden_parent.hidden_at IS NOT NULL))`,
    )!,
  /** The reply itself; its thread's visibility is the caller's (it already reads the thread). */
  reply: (): SQL => isNull(forumReplies.hiddenAt),
  /** A model rating: it came from no feed post, or its post is shown (so its review is public). */
  rating: (): SQL => visibleSql.rating("model_ratings"),
  /** A thread and a reply of it, both shown. */
  replyInThread: (): SQL => and(isNull(forumReplies.hiddenAt), isNull(forumThreads.hiddenAt))!,
};

const ALIAS = /^[a-z_][a-z0-9_]*$/;
const column = (alias: string) => {
  if (!ALIAS.test(alias)) throw new Error(`visibleSql: not an alias: ${alias}`);
  return sql.raw(`${alias}.hidden_at`);
};

export const visibleSql = {
  /** `posts` row `alias` is shown. */
  post: (alias: string): SQL => sql`${column(alias)} IS NULL`,
  /** `prompts` row `alias` is shown. */
  prompt: (alias: string): SQL => sql`${column(alias)} IS NULL`,
  /** `forum_threads` row `alias` is shown. */
  thread: (alias: string): SQL => sql`${column(alias)} IS NULL`,
  /** `post_comments` row `alias` is not hidden itself (for its post's author, who still sees the post). */
  commentItself: (alias: string): SQL => sql`${column(alias)} IS NULL`,
  /** `post_comments` row `alias` is shown, and so are its post and the comment it answers. */
  comment: (alias: string): SQL =>
    sql`${column(alias)} IS NULL AND NOT EXISTS (SELECT 1 FROM posts hidden_post
      WHERE hidden_post.id = ${sql.raw(`${alias}.post_id`)} AND hidden_post.hidden_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM post_comments hidden_parent
      WHERE hidden_parent.id = ${sql.raw(`${alias}.parent_id`)} AND hidden_parent.hidden_at IS NOT NULL)`,
  /** `model_ratings` row `alias` is shown: it came from no feed post, or its post is shown. */
  rating: (alias: string): SQL =>
    sql`NOT EXISTS (SELECT 1 FROM posts hidden_post
      WHERE hidden_post.id = ${sql.raw(`${alias}.post_id`)} AND hidden_post.hidden_at IS NOT NULL)`,
  /** `forum_replies` row `alias` (of `forum_threads` row `threadAlias`, joined by the caller) is shown. */
  reply: (alias: string, threadAlias: string): SQL =>
    sql`${column(alias)} IS NULL AND ${column(threadAlias)} IS NULL`,
};

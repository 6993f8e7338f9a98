import { sql } from "drizzle-orm";
import { FEED_LIMIT } from "../../../common/feeds";
import type { PromptCategory } from "../../../common/prompts";
import { type DbOrTx, queryRows } from "../../db/connect";
import { visibleSql } from "../moderation/public";

/**
 * What the feeds read: the latest FEED_LIMIT items a visitor may see (hidden items absent), each
 * by an index. The author's id and name come along with `anonymous`; the feed builder replaces a
 * stealth item's author (index.ts), and a member's feed never lists their stealth posts.
 */
export interface PostRow {
  id: number;
  content: string;
  aiModel: string | null;
  anonymous: boolean;
  createdAt: Date;
  updatedAt: Date;
  authorId: number;
  username: string;
}

const postColumns = sql`p.id, p.content, p.ai_model AS "aiModel", p.is_anonymous AS anonymous,
  p.created_at AS "createdAt", p.updated_at AS "updatedAt", u.id AS "authorId", u.username`;

/**
 * The latest posts, or a hashtag's: its rows of post_tags newest first, each post by its primary
 * key in a fenced sub-select (as a join, PostgreSQL could walk the posts' key instead: decision 0135).
 */
export const latestPosts = (db: DbOrTx, tag?: string) =>
  queryRows<PostRow>(
    db,
    tag
      ? sql`SELECT ${postColumns} FROM post_tags t
             CROSS JOIN LATERAL (SELECT * FROM posts p WHERE p.id = t.post_id AND ${visibleSql.post("p")} OFFSET 0) p
             JOIN users u ON u.id = p.author_id
             WHERE t.tag_key = ${tag.toLowerCase()}
             ORDER BY t.post_id DESC LIMIT ${FEED_LIMIT}`
      : sql`SELECT ${postColumns} FROM posts p JOIN users u ON u.id = p.author_id
             WHERE ${visibleSql.post("p")}
             ORDER BY p.id DESC LIMIT ${FEED_LIMIT}`,
  );

/** A member's public posts: their stealth posts are not theirs in public, so never listed. */
export const memberPosts = (db: DbOrTx, authorId: number) =>
  queryRows<PostRow>(
    db,
    sql`SELECT ${postColumns} FROM posts p JOIN users u ON u.id = p.author_id
         WHERE p.author_id = ${authorId} AND NOT p.is_anonymous AND ${visibleSql.post("p")}
         ORDER BY p.id DESC LIMIT ${FEED_LIMIT}`,
  );

export const findMember = async (db: DbOrTx, id: number) =>
  (
    await queryRows<{ id: number; username: string }>(
      db,
      sql`SELECT id, username FROM users WHERE id = ${id}`,
    )
  )[0];

export interface ThreadRow {
  id: number;
  forumId: number;
  title: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  username: string;
}

export const findForum = async (db: DbOrTx, id: number) =>
  (
    await queryRows<{ id: number; name: string; description: string }>(
      db,
      sql`SELECT id, name, description FROM forums WHERE id = ${id}`,
    )
  )[0];

/** A forum's threads, most recently active first (its activity index). */
export const forumThreads = (db: DbOrTx, forumId: number) =>
  queryRows<ThreadRow>(
    db,
    sql`SELECT t.id, t.forum_id AS "forumId", t.title, t.content, t.created_at AS "createdAt",
               t.last_activity_at AS "updatedAt", u.username
          FROM forum_threads t JOIN users u ON u.id = t.author_id
         WHERE t.forum_id = ${forumId} AND ${visibleSql.thread("t")}
         ORDER BY t.last_activity_at DESC, t.id DESC LIMIT ${FEED_LIMIT}`,
  );

/** A shown thread (a hidden one answers 404, as its page does). */
export const findThread = async (db: DbOrTx, id: number) =>
  (
    await queryRows<ThreadRow>(
      db,
      sql`SELECT t.id, t.forum_id AS "forumId", t.title, t.content, t.created_at AS "createdAt",
                 t.last_activity_at AS "updatedAt", u.username
            FROM forum_threads t JOIN users u ON u.id = t.author_id
           WHERE t.id = ${id} AND ${visibleSql.thread("t")}`,
    )
  )[0];

export interface ReplyRow {
  id: number;
  content: string;
  createdAt: Date;
  editedAt: Date | null;
  username: string;
}

export const threadReplies = (db: DbOrTx, threadId: number) =>
  queryRows<ReplyRow>(
    db,
    sql`SELECT r.id, r.content, r.created_at AS "createdAt", r.edited_at AS "editedAt", u.username
          FROM forum_replies r JOIN users u ON u.id = r.author_id
         WHERE r.thread_id = ${threadId} AND r.hidden_at IS NULL
         ORDER BY r.id DESC LIMIT ${FEED_LIMIT}`,
  );

export interface PromptRow {
  id: number;
  title: string;
  description: string;
  content: string;
  createdAt: Date;
  username: string;
}

export const promptsOf = (db: DbOrTx, category: PromptCategory) =>
  queryRows<PromptRow>(
    db,
    sql`SELECT p.id, p.title, p.description, p.content, p.created_at AS "createdAt", u.username
          FROM prompts p JOIN users u ON u.id = p.author_id
         WHERE p.category = ${category} AND ${visibleSql.prompt("p")}
         ORDER BY p.id DESC LIMIT ${FEED_LIMIT}`,
  );

export const findModel = async (db: DbOrTx, slug: string) =>
  (
    await queryRows<{ id: number; slug: string; name: string; company: string }>(
      db,
      sql`SELECT id, slug, name, company FROM ai_models WHERE slug = ${slug}`,
    )
  )[0];

export interface ReviewRow {
  id: number;
  rating: number;
  review: string | null;
  pros: string | null;
  cons: string | null;
  anonymous: boolean;
  createdAt: Date;
  username: string;
}

export const modelReviews = (db: DbOrTx, modelId: number) =>
  queryRows<ReviewRow>(
    db,
    sql`SELECT r.id, r.rating::int AS rating, r.review, r.pros, r.cons, r.anonymous,
               r.created_at AS "createdAt", u.username
          FROM model_ratings r JOIN users u ON u.id = r.user_id
         WHERE r.model_id = ${modelId} AND ${visibleSql.rating("r")}
         ORDER BY r.id DESC LIMIT ${FEED_LIMIT}`,
  );

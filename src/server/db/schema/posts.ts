import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Kept in sync with migrations/0002_posts.sql (search: 0016_search_normalisation.sql; hot score: 0029_feed_sorts.sql; ranks: 0039_ranks_apart_from_counters.sql). Likes and comments are denormalised counters. */
export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    aiModel: text("ai_model"),
    rating: integer("rating"),
    image: text("image"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    tagKeys: text("tag_keys").array().notNull().default(sql`'{}'::text[]`),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    views: integer("views").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Hidden pending review after reports (migration 0009). */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', agora_search_normalize(coalesce(ai_model, ''))), 'A') || setweight(to_tsvector('english', agora_search_normalize(content)), 'B')`,
    ),
    /**
     * The Hot sort's score (decision 0103: the counters and the age, never re-decayed), as last
     * refreshed from the counters (decision 0147: set on insert, then by `refreshRanks`).
     */
    hotScore: doublePrecision("hot_score").notNull().default(0),
    /** The Top sort's likes, as last refreshed (decision 0147). */
    rankedLikes: integer("ranked_likes").notNull().default(0),
  },
  (t) => [
    index("posts_author_created_idx").on(t.authorId, t.createdAt),
    index("posts_created_idx").on(t.createdAt),
    index("posts_tag_keys_idx").using("gin", t.tagKeys),
    index("posts_search_idx").using("gin", t.search),
    index("posts_rated_idx").on(t.aiModel).where(sql`rating IS NOT NULL`),
    index("posts_image_idx").on(t.image).where(sql`image IS NOT NULL`),
    // Migration 0008: a member's posts, newest first.
    index("posts_author_id_idx").on(t.authorId, t.id.desc()),
    // Migration 0029: the Hot and Top sorts (Top by the refreshed likes since 0039), and a followed model's posts.
    index("posts_hot_idx").on(t.hotScore.desc(), t.id.desc()),
    index("posts_top_idx").on(t.rankedLikes.desc(), t.id.desc()),
    index("posts_ai_model_id_idx").on(t.aiModel, t.id.desc()).where(sql`ai_model IS NOT NULL`),
    // Migration 0036: a followed member's named, shown posts, newest first (the Following tab).
    index("posts_author_named_idx")
      .on(t.authorId, t.id.desc())
      .where(sql`NOT is_anonymous AND hidden_at IS NULL`),
  ],
);

/**
 * A hashtag's posts in id order (migration 0037, decision 0135): one row per (tag, post), kept by
 * triggers on `posts` with every insert, delete and change of its tags; the application only
 * reads it (a hashtag's page, its feed, followed hashtags on the Following tab).
 */
export const postTags = pgTable(
  "post_tags",
  {
    tagKey: text("tag_key").notNull(),
    postId: integer("post_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagKey, t.postId] })],
);

/**
 * The posts whose Hot and Top ranks are behind their counters (migration 0039, decision 0147):
 * noted by a trigger on every change of a post's likes, comments, views or age, taken by the next
 * refresh (`refreshRanks`).
 */
export const postRankChanges = pgTable("post_rank_changes", {
  postId: integer("post_id").primaryKey(),
});

export const postLikes = pgTable(
  "post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // Migration 0040: a member's likes in post order, index-only (features/posts/liked.ts).
    index("post_likes_user_idx").on(t.userId, t.postId),
    // Migration 0010: discovery's time windows.
    index("post_likes_created_idx").on(t.createdAt),
    index("post_likes_post_created_idx").on(t.postId, t.createdAt),
  ],
);

export const postComments = pgTable(
  "post_comments",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** A reply's top-level comment (one level of threading, migration 0014). */
    parentId: integer("parent_id").references((): AnyPgColumn => postComments.id, { onDelete: "cascade" }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** Set when a comment with replies is deleted: its text is gone, the thread stays. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("post_comments_post_idx").on(t.postId, t.id),
    index("post_comments_parent_idx").on(t.parentId).where(sql`parent_id IS NOT NULL`),
    index("post_comments_author_idx").on(t.authorId),
    index("post_comments_post_created_idx").on(t.postId, t.createdAt),
  ],
);

export const postViews = pgTable(
  "post_views",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.viewerKey, t.hour] }),
    index("post_views_hour_idx").on(t.hour),
    index("post_views_post_hour_idx").on(t.postId, t.hour),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type PostCommentRow = typeof postComments.$inferSelect;

import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** Mirrors migrations/0004_forums_prompts.sql. */
export const forums = pgTable(
  "forums",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    aiModel: text("ai_model").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    postCount: integer("post_count").notNull().default(0),
    threadCount: integer("thread_count").notNull().default(0),
    memberCount: integer("member_count").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("forums_name_lower_idx").on(sql`lower(${t.name})`),
    index("forums_search_trgm_idx").using("gin", sql`(${t.name} || ' ' || ${t.description}) gin_trgm_ops`),
    index("forums_activity_idx").on(t.lastActivityAt.desc(), t.id.desc()),
  ],
);

export const forumMembers = pgTable(
  "forum_members",
  {
    forumId: integer("forum_id")
      .notNull()
      .references(() => forums.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.forumId, t.userId] }), index("forum_members_user_idx").on(t.userId)],
);

export const forumThreads = pgTable(
  "forum_threads",
  {
    id: serial("id").primaryKey(),
    forumId: integer("forum_id")
      .notNull()
      .references(() => forums.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    replyCount: integer("reply_count").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    lastReplyAuthorId: integer("last_reply_author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [
    index("forum_threads_activity_idx").on(t.forumId, t.lastActivityAt.desc(), t.id.desc()),
    index("forum_threads_author_idx").on(t.authorId),
  ],
);

export const forumReplies = pgTable(
  "forum_replies",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => forumThreads.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [
    index("forum_replies_thread_idx").on(t.threadId, t.id),
    index("forum_replies_author_idx").on(t.authorId),
  ],
);

export type ForumRow = typeof forums.$inferSelect;
export type ForumThreadRow = typeof forumThreads.$inferSelect;
export type ForumReplyRow = typeof forumReplies.$inferSelect;

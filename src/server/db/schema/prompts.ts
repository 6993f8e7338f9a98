import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Mirrors migrations/0004_forums_prompts.sql (and 0009, 0011). */
export const prompts = pgTable(
  "prompts",
  {
    id: serial("id").primaryKey(),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    content: text("content").notNull(),
    category: text("category").notNull(),
    aiModel: text("ai_model").notNull(),
    difficulty: text("difficulty").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    likesCount: integer("likes_count").notNull().default(0),
    downloadsCount: integer("downloads_count").notNull().default(0),
    seedKey: text("seed_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Migration 0030: the last real edit (decision 0105). */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** Migration 0011: global search ranks on this stored vector; the library's search matches it (decision 0152). */
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B') || setweight(to_tsvector('english', content), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("prompts_seed_key_idx").on(t.seedKey),
    index("prompts_category_idx").on(t.category, t.id.desc()),
    index("prompts_likes_idx").on(t.likesCount.desc(), t.id.desc()),
    index("prompts_downloads_idx").on(t.downloadsCount.desc(), t.id.desc()),
    index("prompts_author_idx").on(t.authorId),
    index("prompts_tags_idx").using("gin", t.tags),
    index("prompts_search_idx").using("gin", t.search),
  ],
);

export const promptLikes = pgTable(
  "prompt_likes",
  {
    promptId: integer("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.userId] }), index("prompt_likes_user_idx").on(t.userId)],
);

export const promptDownloads = pgTable(
  "prompt_downloads",
  {
    promptId: integer("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.userId] }), index("prompt_downloads_user_idx").on(t.userId)],
);

export const promptModelVotes = pgTable(
  "prompt_model_votes",
  {
    promptId: integer("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    /** 1 = worked, -1 = did not. */
    vote: smallint("vote").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.promptId, t.userId, t.model] }),
    index("prompt_model_votes_user_idx").on(t.userId),
  ],
);

export type PromptRow = typeof prompts.$inferSelect;

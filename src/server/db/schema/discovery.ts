import {
  date,
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
import { aiModels } from "./ai-models";
import { users } from "./users";

/**
 * Kept in sync with migrations/0010_discovery.sql. The hashtag and creator aggregates are
 * maintained by a trigger on `posts` (see the migration); the application only reads them.
 * 0010 also adds indexes to tables of other features (post_likes, post_comments, post_views,
 * follows, users, forums) for the discovery time windows; they are listed in the migration.
 */
export const hashtags = pgTable(
  "hashtags",
  {
    id: serial("id").primaryKey(),
    tagKey: text("tag_key").notNull(),
    display: text("display").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("hashtags_tag_key_idx").on(t.tagKey)],
);

export const hashtagHourly = pgTable(
  "hashtag_hourly",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    tagKey: text("tag_key").notNull(),
    /** The writing connection's shard (migration 0013): a tag's count is the sum of its rows. */
    shard: smallint("shard").notNull().default(0),
    posts: integer("posts").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.tagKey, t.shard] })],
);

export const hashtagDaily = pgTable(
  "hashtag_daily",
  {
    day: timestamp("day", { withTimezone: true }).notNull(),
    tagKey: text("tag_key").notNull(),
    /** The writing connection's shard (migration 0013): a tag's count is the sum of its rows. */
    shard: smallint("shard").notNull().default(0),
    posts: integer("posts").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.tagKey, t.shard] })],
);

export const creatorStats = pgTable(
  "creator_stats",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    likesReceived: integer("likes_received").notNull().default(0),
  },
  (t) => [index("creator_stats_likes_idx").on(t.likesReceived.desc(), t.userId.desc())],
);

export const usagePageDaily = pgTable(
  "usage_page_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

export const usageActiveMembers = pgTable(
  "usage_active_members",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index("usage_active_members_user_idx").on(t.userId)],
);

export const usageVisitors = pgTable(
  "usage_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

export const usageReferrerDaily = pgTable(
  "usage_referrer_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    host: text("host").notNull(),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.host] })],
);

/** Likes received and followers gained per member per UTC hour / day (triggers of 0010). */
export const creatorActivityHourly = pgTable(
  "creator_activity_hourly",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    likes: integer("likes").notNull().default(0),
    follows: integer("follows").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.userId] }),
    index("creator_activity_hourly_user_idx").on(t.userId),
  ],
);

export const creatorActivityDaily = pgTable(
  "creator_activity_daily",
  {
    day: timestamp("day", { withTimezone: true }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    likes: integer("likes").notNull().default(0),
    follows: integer("follows").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index("creator_activity_daily_user_idx").on(t.userId)],
);

/** Sum and count of non-anonymous ratings per model per generation (triggers of 0010). */
export const modelGenerationRatings = pgTable(
  "model_generation_ratings",
  {
    modelId: integer("model_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    generation: text("generation").notNull(),
    total: integer("total").notNull().default(0),
    ratings: integer("ratings").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.generation, t.modelId] })],
);

import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Kept in sync with migrations/0002_posts.sql. A single row (id = 1) holds the settings. */
export const moderationSettings = pgTable("moderation_settings", {
  id: integer("id").primaryKey().default(1),
  minLength: integer("min_length").notNull().default(5),
  maxLength: integer("max_length").notNull().default(2000),
  profanityFilter: boolean("profanity_filter").notNull().default(true),
  spamDetection: boolean("spam_detection").notNull().default(true),
  postsPerMinute: integer("posts_per_minute").notNull().default(5),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every refusal of the pipeline: `action` contains "blocked" or "rate limited". */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    reason: text("reason").notNull(),
    content: text("content").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("moderation_actions_created_idx").on(t.createdAt),
    index("moderation_actions_user_idx").on(t.userId),
    // Migration 0009: the dashboard's counters of refusals.
    index("moderation_actions_blocked_idx").on(t.id).where(sql`action LIKE '%blocked%'`),
    index("moderation_actions_rate_limited_idx")
      .on(t.createdAt, t.userId)
      .where(sql`action LIKE '%rate limited%'`),
  ],
);

/** Hashes of recently accepted texts per member and kind (the "repeated posts" spam rule). */
export const contentFingerprints = pgTable(
  "content_fingerprints",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    hash: text("hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("content_fingerprints_lookup_idx").on(t.userId, t.kind, t.hash, t.createdAt),
    index("content_fingerprints_created_idx").on(t.createdAt),
  ],
);

export type ModerationSettingsRow = typeof moderationSettings.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;

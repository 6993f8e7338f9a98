import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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

/** Kept in sync with migrations/0008_social.sql. */
export const follows = pgTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee_idx").on(t.followeeId, t.createdAt.desc(), t.followerId.desc()),
    index("follows_follower_idx").on(t.followerId, t.createdAt.desc(), t.followeeId.desc()),
    index("follows_created_idx").on(t.createdAt),
  ],
);

/** Kept in sync with migrations/0029_feed_sorts.sql: followed hashtags (lower-case) and models (feed model ids). */
export const topicFollows = pgTable(
  "topic_follows",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    target: text("target").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.target] }),
    check("topic_follows_kind_check", sql`kind IN ('hashtag', 'model')`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    url: text("url"),
    relatedUserId: integer("related_user_id").references(() => users.id, { onDelete: "cascade" }),
    groupKey: text("group_key"),
    actorIds: integer("actor_ids").array().notNull().default(sql`'{}'::integer[]`),
    actorCount: integer("actor_count").notNull().default(1),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Covering: INCLUDE (type, is_read, created_at, actor_count, related_user_id, url, message)
    // in migrations/0012_notifications_page.sql (Drizzle's index builder has no INCLUDE).
    index("notifications_user_page_idx").on(t.userId, t.id.desc()),
    index("notifications_unread_page_idx").on(t.userId, t.id.desc()).where(sql`NOT is_read`),
    uniqueIndex("notifications_group_unread_idx")
      .on(t.userId, t.groupKey)
      .where(sql`NOT is_read AND group_key IS NOT NULL`),
    index("notifications_group_idx").on(t.userId, t.groupKey).where(sql`group_key IS NOT NULL`),
    index("notifications_related_user_idx").on(t.relatedUserId),
    index("notifications_created_idx").on(t.createdAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    inApp: boolean("in_app").notNull(),
    email: boolean("email").notNull(),
    push: boolean("push").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.id),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Kept in sync with migrations/0009_admin.sql. (The columns 0009 adds to other features' tables —
 * users.banned_at, users.rate_limited_until and hidden_at on posts, comments, threads, replies
 * and prompts — are declared with those tables.)
 */

/** Members' reports of content or of other members; one open report per member per item. */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    targetAuthorId: integer("target_author_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    /** open → dismissed (the admin found nothing wrong) or resolved (the admin acted). */
    status: text("status").notNull().default("open"),
    resolution: text("resolution"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_open_once_idx")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`status = 'open'`),
    index("reports_open_target_idx").on(t.targetType, t.targetId).where(sql`status = 'open'`),
    index("reports_target_author_idx").on(t.targetAuthorId),
    index("reports_resolved_by_idx").on(t.resolvedBy),
    check("reports_status_check", sql`status IN ('open', 'dismissed', 'resolved')`),
  ],
);

/** Every admin action: who, what, when, why. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    adminUsername: text("admin_username").notNull(),
    action: text("action").notNull(),
    summary: text("summary").notNull(),
    targetType: text("target_type"),
    targetId: integer("target_id"),
    reason: text("reason").notNull().default(""),
    details: jsonb("details").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_audit_log_admin_idx").on(t.adminId)],
);

/** SPEC §9 feature flags; seeded once per key, then edited by admins. */
export const featureFlags = pgTable(
  "feature_flags",
  {
    key: text("key").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(false),
    rolloutPercentage: integer("rollout_percentage").notNull().default(100),
    environments: text("environments").array().notNull().default(sql`'{}'::text[]`),
    position: integer("position").notNull().default(0),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("feature_flags_position_idx").on(t.position),
    index("feature_flags_updated_by_idx").on(t.updatedBy),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
export type AuditLogRow = typeof adminAuditLog.$inferSelect;
export type FeatureFlagRow = typeof featureFlags.$inferSelect;

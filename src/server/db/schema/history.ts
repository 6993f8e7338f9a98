import { sql } from "drizzle-orm";
import {
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

/** Kept in sync with migrations/0030_revisions.sql: the kept texts of edited items (decision 0105). */
export const revisions = pgTable(
  "revisions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    targetId: integer("target_id").notNull(),
    rev: integer("rev").notNull(),
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }).notNull(),
    editedBy: integer("edited_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("revisions_target_rev_idx").on(t.kind, t.targetId, t.rev),
    index("revisions_edited_by_idx").on(t.editedBy),
    check("revisions_kind_check", sql`kind IN ('post', 'comment', 'thread', 'reply', 'prompt', 'review')`),
  ],
);

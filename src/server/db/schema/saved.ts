import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Kept in sync with migrations/0026_saved_items.sql: saved posts, threads and prompts (decision 0099). */
export const savedItems = pgTable(
  "saved_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    itemId: integer("item_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_items_user_item_idx").on(t.userId, t.kind, t.itemId),
    index("saved_items_list_idx").on(t.userId, t.kind, t.id.desc()),
    check("saved_items_kind_check", sql`kind IN ('post', 'thread', 'prompt')`),
  ],
);

import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** Kept in sync with migrations/0031_data_exports.sql: members' data exports (decision 0107). */
export const dataExports = pgTable(
  "data_exports",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    fileName: text("file_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId, t.id.desc()),
    uniqueIndex("data_exports_pending_idx").on(t.userId).where(sql`status = 'pending'`),
    index("data_exports_expiry_idx").on(t.expiresAt).where(sql`status = 'ready'`),
    check("data_exports_status_check", sql`status IN ('pending', 'ready', 'failed', 'expired')`),
  ],
);

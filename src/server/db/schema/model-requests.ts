import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { aiModels } from "./ai-models";
import { users } from "./users";

/** Kept in sync with migrations/0033_model_requests.sql (decisions 0111, 0112). */
export const modelRequests = pgTable(
  "model_requests",
  {
    id: serial("id").primaryKey(),
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    maker: text("maker").notNull(),
    link: text("link").notNull(),
    why: text("why").notNull(),
    status: text("status").notNull().default("open"),
    upvotes: integer("upvotes").notNull().default(0),
    declineReason: text("decline_reason"),
    mergedIntoId: integer("merged_into_id").references((): AnyPgColumn => modelRequests.id, {
      onDelete: "set null",
    }),
    draftDescription: text("draft_description").notNull().default(""),
    draftCategory: text("draft_category"),
    draftPricing: text("draft_pricing"),
    modelId: integer("model_id").references(() => aiModels.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("model_requests_name_key_idx").on(t.nameKey).where(sql`status IN ('open', 'accepted')`),
    index("model_requests_new_idx").on(t.status, t.id.desc()),
    index("model_requests_top_idx").on(t.status, t.upvotes.desc(), t.id.desc()),
    index("model_requests_requester_idx").on(t.requesterId),
    index("model_requests_merged_into_idx").on(t.mergedIntoId).where(sql`merged_into_id IS NOT NULL`),
    index("model_requests_model_idx").on(t.modelId).where(sql`model_id IS NOT NULL`),
    check("model_requests_status_check", sql`status IN ('open', 'accepted', 'declined', 'merged')`),
  ],
);

export const modelRequestUpvotes = pgTable(
  "model_request_upvotes",
  {
    requestId: integer("request_id")
      .notNull()
      .references(() => modelRequests.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index("model_request_upvotes_user_idx").on(t.userId),
  ],
);

import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Single-use password reset tokens (issue 11); only the sha256 of the emailed token is stored. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_idx").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
    index("password_reset_tokens_expires_idx").on(t.expiresAt),
  ],
);

/** Notification emails waiting for the member's next digest (at most one mail per hour). */
export const mailDigestItems = pgTable(
  "mail_digest_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"follow" | "reply" | "mention">().notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_digest_items_user_idx").on(t.userId, t.id),
    index("mail_digest_items_created_idx").on(t.createdAt),
  ],
);

/** When each member was last sent a digest. */
export const mailDigestState = pgTable("mail_digest_state", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
});

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
export type MailDigestItemRow = typeof mailDigestItems.$inferSelect;

import {
  bigint,
  boolean,
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

/** Issue 24 (migration 0019): a member's TOTP secret, encrypted; enabledAt null until confirmed. */
export const twoFactor = pgTable("two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** AES-256-GCM of the base32 secret (features/two-factor/secret-box.ts). */
  secretEnc: text("secret_enc").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The last accepted time step: a code of this step or an earlier one is refused (replay). */
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
export type TwoFactorRow = typeof twoFactor.$inferSelect;

/** One-time recovery codes: only their sha256. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);

/** The password step of a two-factor sign-in: a single-use, short-lived token (sha256 stored). */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("pending_sign_ins_user_idx").on(t.userId),
    index("pending_sign_ins_expires_idx").on(t.expiresAt),
  ],
);

/** Browsers (family + system) a member has signed in from: the new-browser email. */
export const knownBrowsers = pgTable(
  "known_browsers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browser: text("browser").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browser] })],
);

/** Security preferences; no row means the defaults (new-browser email on). */
export const securityPreferences = pgTable("security_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  newBrowserEmail: boolean("new_browser_email").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

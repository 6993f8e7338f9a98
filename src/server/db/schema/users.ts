import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    avatar: text("avatar"),
    bio: text("bio").notNull().default(""),
    generation: text("generation").notNull().default("millennial"),
    favoriteModels: text("favorite_models").array().notNull().default(sql`'{}'::text[]`),
    role: text("role").notNull().default("member"),
    followersCount: integer("followers_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    isDemo: integer("is_demo").notNull().default(0),
    subscriptionTier: text("subscription_tier").notNull().default("free"),
    subscriptionStatus: text("subscription_status").notNull().default("none"),
    subscriptionExpiresAt: timestamp("subscription_expires_at", { withTimezone: true }),
    accentColor: text("accent_color"),
    /** When the current email was proven by its link (migration 0017); null: not verified. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** The username's confusable skeleton (platform/username-skeleton.ts), unique (migration 0017). */
    usernameSkeleton: text("username_skeleton"),
    /** Admin restrictions (migration 0009): a ban, and a posting limit until a time. */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    rateLimitedUntil: timestamp("rate_limited_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_skeleton_idx").on(t.usernameSkeleton),
    index("users_generation_idx").on(t.generation),
    index("users_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
    // Migration 0041: member search for a short term, by prefix (search/queries.ts).
    index("users_username_prefix_idx").on(sql`lower(${t.username}) text_pattern_ops`),
    // Migration 0009: the admin dashboard's restricted members.
    index("users_banned_idx").on(t.bannedAt).where(sql`banned_at IS NOT NULL`),
    index("users_rate_limited_idx").on(t.rateLimitedUntil).where(sql`rate_limited_until IS NOT NULL`),
    // Migration 0010: creators by followers.
    index("users_followers_idx").on(t.followersCount.desc(), t.id.desc()),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie token: a stolen database gives no usable session. */
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Public id a member ends a session by (migration 0019); never the token hash. */
    id: bigserial("id", { mode: "number" }).notNull(),
    /** The browser and address the session was started from (migration 0019). */
    userAgent: text("user_agent").notNull().default(""),
    ip: text("ip").notNull().default(""),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_last_seen_idx").on(t.lastSeenAt),
    uniqueIndex("sessions_id_idx").on(t.id),
  ],
);

/** Single-use email verification links (issue 25); only the sha256 of the mailed token is stored. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address the link was sent to: it verifies that address only. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("email_verification_tokens_hash_idx").on(t.tokenHash),
    index("email_verification_tokens_user_idx").on(t.userId),
    index("email_verification_tokens_expires_idx").on(t.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
/**
 * A member's row without its secrets (the password hash): what a session carries and caches
 * (`request.user`), and all a presenter or service needs. Code that needs the hash (login,
 * password change, account deletion, email change) reads it by id.
 */
export type PublicUserRow = Omit<UserRow, "passwordHash">;

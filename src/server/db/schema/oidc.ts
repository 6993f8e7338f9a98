import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A provider account linked to a member (migration 0021): issuer + subject is the identity key. */
export const oidcIdentities = pgTable(
  "oidc_identities",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("oidc_identities_issuer_subject_idx").on(t.issuer, t.subject),
    index("oidc_identities_user_idx").on(t.userId, t.id),
  ],
);

/** A flow in progress: state, nonce and PKCE verifier under the sha256 of its cookie. */
export const oidcFlows = pgTable(
  "oidc_flows",
  {
    cookieHash: text("cookie_hash").primaryKey(),
    intent: text("intent").$type<"signin" | "link">().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("oidc_flows_expires_idx").on(t.expiresAt), index("oidc_flows_user_idx").on(t.userId)],
);

/** A verified provider identity waiting for a new account's username or an account's password. */
export const oidcPending = pgTable(
  "oidc_pending",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").$type<"signup" | "link">().notNull(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull().default(""),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("oidc_pending_expires_idx").on(t.expiresAt), index("oidc_pending_user_idx").on(t.userId)],
);

export type OidcIdentityRow = typeof oidcIdentities.$inferSelect;

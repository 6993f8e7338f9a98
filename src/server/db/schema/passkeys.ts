import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A member's passkeys (WebAuthn credentials, issue 24 item 2; docs/decisions/0088-passkeys.md):
 * the public key only, never a secret; the signature counter refuses a cloned authenticator.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** Comma-separated authenticator transports (usb, nfc, ble, internal, hybrid). */
    transports: text("transports").notNull().default(""),
    /** singleDevice or multiDevice (a synced passkey). */
    deviceType: text("device_type").$type<"singleDevice" | "multiDevice">().notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    /** The WebAuthn user handle given to the authenticator (random, base64url; the same for all of a member's passkeys). */
    userHandle: text("user_handle").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_idx").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId, t.id),
  ],
);

/**
 * Pending WebAuthn ceremonies: each challenge is single-use (deleted when answered) and lives five
 * minutes, bound to the browser by the sha256 of a ceremony cookie and, for a member's ceremony,
 * to that member.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose").$type<"register" | "signin" | "confirm">().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    challenge: text("challenge").notNull(),
    /** For registration: the user handle the options gave the authenticator. */
    userHandle: text("user_handle"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("passkey_challenges_expires_idx").on(t.expiresAt),
    index("passkey_challenges_user_idx").on(t.userId),
  ],
);

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;

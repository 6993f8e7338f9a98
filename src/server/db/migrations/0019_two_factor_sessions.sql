-- Issue 24 ("Accounts people can trust"): two-factor codes, the sessions page and the
-- new-browser email (docs/decisions/0086 and 0087).

-- Sessions a member can see and end: a public id (never the token hash), and the browser and
-- address it was started from.
ALTER TABLE sessions ADD COLUMN id bigserial NOT NULL;
CREATE UNIQUE INDEX sessions_id_idx ON sessions (id);
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip text NOT NULL DEFAULT '';

-- One row per member who started enrolling. The secret is AES-256-GCM encrypted with the
-- server's two-factor key; enabled_at null: enrolment not confirmed yet. last_step is the
-- last accepted RFC 6238 time step (a code is accepted once).
CREATE TABLE two_factor (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_enc text NOT NULL,
  enabled_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Ten one-time recovery codes per member: only their sha256 is stored.
CREATE TABLE recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX recovery_codes_user_hash_idx ON recovery_codes (user_id, code_hash);

-- The password step of a member with two-factor on: a short-lived, single-use token (sha256
-- stored) that the second step exchanges for a session.
CREATE TABLE pending_sign_ins (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX pending_sign_ins_user_idx ON pending_sign_ins (user_id);
CREATE INDEX pending_sign_ins_expires_idx ON pending_sign_ins (expires_at);

-- Browsers (user agent family + system) each member has signed in from: a sign-in from one not
-- listed is a new browser.
CREATE TABLE known_browsers (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  browser text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, browser)
);

-- Security preferences; no row: the defaults (new-browser email on).
CREATE TABLE security_preferences (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  new_browser_email boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

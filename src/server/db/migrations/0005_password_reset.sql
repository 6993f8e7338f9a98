-- Password reset tokens and the notification-email digest queue (issue 11).
CREATE TABLE password_reset_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- sha256 (base64url) of the emailed token; the token itself is never stored.
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX password_reset_tokens_hash_idx ON password_reset_tokens (token_hash);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
CREATE INDEX password_reset_tokens_expires_idx ON password_reset_tokens (expires_at);

CREATE TABLE mail_digest_items (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('follow', 'reply', 'mention')),
  actor_id integer REFERENCES users(id) ON DELETE SET NULL,
  url text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_digest_items_user_idx ON mail_digest_items (user_id, id);
CREATE INDEX mail_digest_items_created_idx ON mail_digest_items (created_at);

CREATE TABLE mail_digest_state (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  last_sent_at timestamptz NOT NULL
);

-- Issue 25 ("Trust first"): email verification and confusable-username skeletons.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- Filled by the app (platform/username-skeleton.ts) on every write of a username, and for rows
-- written before this migration at start-up (backfillUsernameSkeletons). Unique: two members
-- whose names look alike cannot both exist, even when they register at the same moment.
ALTER TABLE users ADD COLUMN username_skeleton text;
CREATE UNIQUE INDEX users_username_skeleton_idx ON users (username_skeleton);

CREATE TABLE email_verification_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- the address the link was mailed to: following it verifies that address only
  email text NOT NULL,
  -- sha256 (base64url) of the mailed token; the token itself is never stored
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX email_verification_tokens_hash_idx ON email_verification_tokens (token_hash);
CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_id);
CREATE INDEX email_verification_tokens_expires_idx ON email_verification_tokens (expires_at);

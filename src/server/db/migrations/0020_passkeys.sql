-- Passkeys (issue 24 item 2, docs/decisions/0088-passkeys.md): a member's WebAuthn credentials
-- (public keys and signature counters) and the pending ceremonies' single-use challenges.
CREATE TABLE passkeys (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  device_type text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  user_handle text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE UNIQUE INDEX passkeys_credential_idx ON passkeys (credential_id);
CREATE INDEX passkeys_user_idx ON passkeys (user_id, id);

CREATE TABLE passkey_challenges (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  challenge text NOT NULL,
  user_handle text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at);
CREATE INDEX passkey_challenges_user_idx ON passkey_challenges (user_id);

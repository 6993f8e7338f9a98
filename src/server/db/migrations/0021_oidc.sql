-- Sign in with an OpenID Connect provider (issue 24, item 3; docs/decisions/0089).

-- A provider account linked to a member: the issuer + subject is the identity key (never the
-- email). A member may link several; one provider account belongs to one member.
CREATE TABLE oidc_identities (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  issuer text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX oidc_identities_issuer_subject_idx ON oidc_identities (issuer, subject);
CREATE INDEX oidc_identities_user_idx ON oidc_identities (user_id, id);

-- A flow in progress (start → provider → callback): state, nonce and PKCE verifier, kept on the
-- server under the sha256 of a random HttpOnly cookie; single use, ten minutes.
CREATE TABLE oidc_flows (
  cookie_hash text PRIMARY KEY,
  intent text NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_flows_expires_idx ON oidc_flows (expires_at);

-- A verified provider identity waiting for the member: a new account's username (signup) or the
-- existing account's password (link). Only the sha256 of the token is stored; single use, 30 minutes.
CREATE TABLE oidc_pending (
  token_hash text PRIMARY KEY,
  kind text NOT NULL,
  issuer text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL DEFAULT '',
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_pending_expires_idx ON oidc_pending (expires_at);
CREATE INDEX oidc_pending_user_idx ON oidc_pending (user_id);
CREATE INDEX oidc_flows_user_idx ON oidc_flows (user_id);

-- Foundation: members and sessions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  avatar text,
  bio text NOT NULL DEFAULT '',
  generation text NOT NULL DEFAULT 'millennial' CHECK (generation IN ('genz', 'millennial', 'genx', 'boomer')),
  favorite_models text[] NOT NULL DEFAULT '{}'::text[],
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  followers_count integer NOT NULL DEFAULT 0 CHECK (followers_count >= 0),
  following_count integer NOT NULL DEFAULT 0 CHECK (following_count >= 0),
  is_demo integer NOT NULL DEFAULT 0,
  subscription_tier text NOT NULL DEFAULT 'free' CHECK (subscription_tier IN ('free', 'basic', 'pro', 'premium')),
  subscription_status text NOT NULL DEFAULT 'none',
  subscription_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_idx ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));
CREATE INDEX users_generation_idx ON users (generation);
CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at);

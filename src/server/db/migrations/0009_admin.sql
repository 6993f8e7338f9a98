-- Admin (issue 8): bans and posting limits on members, items hidden pending review, members'
-- reports, the audit log of admin actions, and feature flags.

-- A banned member cannot sign in and has no session; a rate-limited one cannot publish until then.
ALTER TABLE users ADD COLUMN IF NOT EXISTS banned_at timestamptz;
ALTER TABLE users ADD COLUMN IF NOT EXISTS rate_limited_until timestamptz;
CREATE INDEX IF NOT EXISTS users_banned_idx ON users (banned_at) WHERE banned_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS users_rate_limited_idx ON users (rate_limited_until) WHERE rate_limited_until IS NOT NULL;

-- Items reported by enough members are hidden from lists until an admin reviews them.
ALTER TABLE posts ADD COLUMN IF NOT EXISTS hidden_at timestamptz;
ALTER TABLE post_comments ADD COLUMN IF NOT EXISTS hidden_at timestamptz;
ALTER TABLE IF EXISTS forum_threads ADD COLUMN IF NOT EXISTS hidden_at timestamptz;
ALTER TABLE IF EXISTS forum_replies ADD COLUMN IF NOT EXISTS hidden_at timestamptz;
ALTER TABLE IF EXISTS prompts ADD COLUMN IF NOT EXISTS hidden_at timestamptz;

-- The dashboard's counters over the moderation pipeline's refusals.
CREATE INDEX IF NOT EXISTS moderation_actions_blocked_idx ON moderation_actions (id)
  WHERE action LIKE '%blocked%';
CREATE INDEX IF NOT EXISTS moderation_actions_rate_limited_idx ON moderation_actions (created_at, user_id)
  WHERE action LIKE '%rate limited%';

CREATE TABLE reports (
  id serial PRIMARY KEY,
  reporter_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_type text NOT NULL CHECK (target_type IN ('post', 'comment', 'thread', 'reply', 'prompt', 'user')),
  target_id integer NOT NULL,
  -- who wrote the item (or the member reported); kept when the item itself is removed
  target_author_id integer REFERENCES users(id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (reason IN ('spam', 'harassment', 'hate', 'misinformation', 'sexual', 'violence', 'other')),
  details text NOT NULL DEFAULT '' CHECK (length(details) <= 1000),
  status text NOT NULL DEFAULT 'open' CONSTRAINT reports_status_check CHECK (status IN ('open', 'dismissed', 'resolved')),
  resolution text CHECK (resolution IS NULL OR resolution IN ('dismiss', 'remove', 'warn', 'rate_limit', 'ban')),
  resolved_by integer REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One open report per member per item (a second one is refused with 409).
CREATE UNIQUE INDEX reports_open_once_idx ON reports (reporter_id, target_type, target_id) WHERE status = 'open';
-- The review queue: open reports grouped by item.
CREATE INDEX reports_open_target_idx ON reports (target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_target_author_idx ON reports (target_author_id);
CREATE INDEX reports_resolved_by_idx ON reports (resolved_by);

CREATE TABLE admin_audit_log (
  id serial PRIMARY KEY,
  admin_id integer REFERENCES users(id) ON DELETE SET NULL,
  admin_username text NOT NULL,
  action text NOT NULL,
  summary text NOT NULL,
  target_type text,
  target_id integer,
  reason text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_log_admin_idx ON admin_audit_log (admin_id);

CREATE TABLE feature_flags (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{1,63}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT false,
  rollout_percentage integer NOT NULL DEFAULT 100 CHECK (rollout_percentage BETWEEN 0 AND 100),
  environments text[] NOT NULL DEFAULT '{}'::text[]
    CHECK (environments <@ ARRAY['development', 'staging', 'production']::text[]),
  position integer NOT NULL DEFAULT 0,
  updated_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feature_flags_position_idx ON feature_flags (position);
CREATE INDEX feature_flags_updated_by_idx ON feature_flags (updated_by);

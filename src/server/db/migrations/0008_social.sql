-- Social layer (issue 6): follows, notifications, notification preferences, web-push
-- subscriptions, application secrets (generated VAPID keys), and search/profile indexes.

CREATE TABLE follows (
  follower_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  followee_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
-- "Followers of X" and "X follows", newest first, keyset on (created_at, other id).
CREATE INDEX follows_followee_idx ON follows (followee_id, created_at DESC, follower_id DESC);
CREATE INDEX follows_follower_idx ON follows (follower_id, created_at DESC, followee_id DESC);

-- One row per notice shown to a member. Likes, comments and replies on one item are grouped
-- while unread (group_key + the partial unique index): a burst of likes is one row whose
-- actor_count grows, never one row per actor. A merge takes a new id so "newest first" is id order.
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('follow', 'like', 'comment', 'reply', 'mention', 'generic')),
  -- the action phrase ("liked your post"); for generic notices the whole text
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 1000),
  url text CHECK (url IS NULL OR length(url) <= 2000),
  -- the latest member behind it; their notices go with their account
  related_user_id integer REFERENCES users(id) ON DELETE CASCADE,
  group_key text,
  -- the most recent actors (at most 50), so one member liking twice is counted once
  actor_ids integer[] NOT NULL DEFAULT '{}'::integer[],
  actor_count integer NOT NULL DEFAULT 1 CHECK (actor_count >= 0),
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE NOT is_read;
CREATE UNIQUE INDEX notifications_group_unread_idx ON notifications (user_id, group_key)
  WHERE NOT is_read AND group_key IS NOT NULL;
CREATE INDEX notifications_group_idx ON notifications (user_id, group_key) WHERE group_key IS NOT NULL;
CREATE INDEX notifications_related_user_idx ON notifications (related_user_id);
CREATE INDEX notifications_created_idx ON notifications (created_at);

-- Per-member choices by kind and channel; a missing row means the defaults.
CREATE TABLE notification_preferences (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('follow', 'like', 'comment', 'reply', 'mention')),
  in_app boolean NOT NULL,
  email boolean NOT NULL,
  push boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type)
);

-- Browsers that accepted web push for a member; removed when the push service answers 404/410.
CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL CHECK (length(endpoint) <= 2000),
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_success_at timestamptz
);
CREATE UNIQUE INDEX push_subscriptions_endpoint_idx ON push_subscriptions (endpoint);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, id);

-- Secrets the application generates once and shares between instances (VAPID key pair).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Global search over prompts (title, description, content) and a member's posts on their profile.
CREATE INDEX prompts_fts_idx ON prompts USING gin ((
  setweight(to_tsvector('english', title), 'A') ||
  setweight(to_tsvector('english', description), 'B') ||
  setweight(to_tsvector('english', content), 'C')
));
CREATE INDEX posts_author_id_idx ON posts (author_id, id DESC);

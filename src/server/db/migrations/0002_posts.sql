-- Home feed: posts, likes, comments, views; moderation settings, actions and duplicate memory.

CREATE TABLE posts (
  id serial PRIMARY KEY,
  author_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content text NOT NULL,
  ai_model text,
  rating integer CHECK (rating BETWEEN 1 AND 5),
  image text,
  tags text[] NOT NULL DEFAULT '{}'::text[],
  -- lower-cased tags, so the topic filter is case-insensitive and uses the GIN index
  tag_keys text[] NOT NULL DEFAULT '{}'::text[],
  is_anonymous boolean NOT NULL DEFAULT false,
  likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  comments integer NOT NULL DEFAULT 0 CHECK (comments >= 0),
  views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(ai_model, '')), 'A') ||
    setweight(to_tsvector('english', content), 'B')
  ) STORED
);
CREATE INDEX posts_author_created_idx ON posts (author_id, created_at);
CREATE INDEX posts_created_idx ON posts (created_at);
CREATE INDEX posts_tag_keys_idx ON posts USING gin (tag_keys);
CREATE INDEX posts_search_idx ON posts USING gin (search);
CREATE INDEX posts_rated_idx ON posts (ai_model) WHERE rating IS NOT NULL;
CREATE INDEX posts_image_idx ON posts (image) WHERE image IS NOT NULL;

CREATE TABLE post_likes (
  post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX post_likes_user_idx ON post_likes (user_id);

CREATE TABLE post_comments (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content text NOT NULL,
  is_anonymous boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX post_comments_post_idx ON post_comments (post_id, id);
CREATE INDEX post_comments_author_idx ON post_comments (author_id);

-- One view per viewer (member id or hashed address) per post per hour.
CREATE TABLE post_views (
  post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  viewer_key text NOT NULL,
  hour timestamptz NOT NULL,
  PRIMARY KEY (post_id, viewer_key, hour)
);
CREATE INDEX post_views_hour_idx ON post_views (hour);

-- Moderation: one settings row (defaults of SPEC §5/§9), every refusal, and recent texts.
CREATE TABLE moderation_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  min_length integer NOT NULL DEFAULT 5 CHECK (min_length >= 1),
  max_length integer NOT NULL DEFAULT 2000 CHECK (max_length >= min_length),
  profanity_filter boolean NOT NULL DEFAULT true,
  spam_detection boolean NOT NULL DEFAULT true,
  posts_per_minute integer NOT NULL DEFAULT 5 CHECK (posts_per_minute >= 1),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO moderation_settings (id) VALUES (1) ON CONFLICT DO NOTHING;

CREATE TABLE moderation_actions (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  reason text NOT NULL,
  content text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_actions_created_idx ON moderation_actions (created_at);
CREATE INDEX moderation_actions_user_idx ON moderation_actions (user_id);

-- Fingerprints of accepted texts, for the "repeated posts" spam rule (kept 24 hours).
CREATE TABLE content_fingerprints (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_fingerprints_lookup_idx ON content_fingerprints (user_id, kind, hash, created_at);
CREATE INDEX content_fingerprints_created_idx ON content_fingerprints (created_at);

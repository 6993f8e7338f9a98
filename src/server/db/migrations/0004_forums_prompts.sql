-- Forums (threads, replies, memberships) and the prompt library (likes, copies, per-model votes).

CREATE TABLE forums (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  ai_model text NOT NULL CHECK (ai_model IN ('chatgpt', 'claude', 'gemini', 'llama', 'midjourney', 'stable-diffusion', 'general')),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  -- threads + replies, kept exact in the same transaction as every insert and delete
  post_count integer NOT NULL DEFAULT 0 CHECK (post_count >= 0),
  thread_count integer NOT NULL DEFAULT 0 CHECK (thread_count >= 0),
  member_count integer NOT NULL DEFAULT 0 CHECK (member_count >= 0),
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX forums_name_lower_idx ON forums (lower(name));
CREATE INDEX forums_search_trgm_idx ON forums USING gin ((name || ' ' || description) gin_trgm_ops);

CREATE TABLE forum_members (
  forum_id integer NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (forum_id, user_id)
);
CREATE INDEX forum_members_user_idx ON forum_members (user_id);

CREATE TABLE forum_threads (
  id serial PRIMARY KEY,
  forum_id integer NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  content text NOT NULL,
  reply_count integer NOT NULL DEFAULT 0 CHECK (reply_count >= 0),
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  last_reply_author_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz
);
-- The forum page: threads by latest activity, keyset on (last_activity_at, id).
CREATE INDEX forum_threads_activity_idx ON forum_threads (forum_id, last_activity_at DESC, id DESC);
CREATE INDEX forum_threads_author_idx ON forum_threads (author_id);

CREATE TABLE forum_replies (
  id serial PRIMARY KEY,
  thread_id integer NOT NULL REFERENCES forum_threads(id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz
);
CREATE INDEX forum_replies_thread_idx ON forum_replies (thread_id, id);
CREATE INDEX forum_replies_author_idx ON forum_replies (author_id);

CREATE TABLE prompts (
  id serial PRIMARY KEY,
  author_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  content text NOT NULL,
  category text NOT NULL CHECK (category IN ('writing', 'coding', 'business', 'creative', 'analysis', 'education')),
  ai_model text NOT NULL CHECK (ai_model IN ('chatgpt', 'claude', 'gemini', 'any')),
  difficulty text NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
  tags text[] NOT NULL DEFAULT '{}'::text[],
  likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
  downloads_count integer NOT NULL DEFAULT 0 CHECK (downloads_count >= 0),
  -- identifies a starter-library prompt, so seeding at every start is idempotent
  seed_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX prompts_seed_key_idx ON prompts (seed_key);
CREATE INDEX prompts_category_idx ON prompts (category, id DESC);
CREATE INDEX prompts_likes_idx ON prompts (likes_count DESC, id DESC);
CREATE INDEX prompts_downloads_idx ON prompts (downloads_count DESC, id DESC);
CREATE INDEX prompts_author_idx ON prompts (author_id);
CREATE INDEX prompts_search_trgm_idx ON prompts USING gin ((title || ' ' || description) gin_trgm_ops);
CREATE INDEX prompts_tags_idx ON prompts USING gin (tags);

CREATE TABLE prompt_likes (
  prompt_id integer NOT NULL REFERENCES prompts(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (prompt_id, user_id)
);
CREATE INDEX prompt_likes_user_idx ON prompt_likes (user_id);

-- A copy counts as a download once per member per prompt.
CREATE TABLE prompt_downloads (
  prompt_id integer NOT NULL REFERENCES prompts(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (prompt_id, user_id)
);
CREATE INDEX prompt_downloads_user_idx ON prompt_downloads (user_id);

-- "Worked on": one thumbs up (1) or down (-1) per member, prompt and model.
CREATE TABLE prompt_model_votes (
  prompt_id integer NOT NULL REFERENCES prompts(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  model text NOT NULL CHECK (model IN ('chatgpt', 'claude', 'gemini', 'llama')),
  vote smallint NOT NULL CHECK (vote IN (-1, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (prompt_id, user_id, model)
);
CREATE INDEX prompt_model_votes_user_idx ON prompt_model_votes (user_id);

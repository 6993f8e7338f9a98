-- Discovery (issue 9): trending aggregates, creator stats, first-party usage analytics and the
-- indexes that keep the time windows of trending, insights and analytics fast at a million posts.
-- See docs/decisions/0030-trending.md and 0031.

-- ---- Hashtags: one id and display spelling per topic (the first spelling seen wins) ----------
CREATE TABLE hashtags (
  id serial PRIMARY KEY,
  tag_key text NOT NULL,
  display text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX hashtags_tag_key_idx ON hashtags (tag_key);

-- Posts per hashtag per UTC hour and per UTC day, kept exact by the trigger below. A window
-- [start, end) is answered from whole days, then whole hours, then the raw posts of the two
-- partial hours at its edges (posts_created_idx), so a 30-day window reads ~30 day rows per tag.
CREATE TABLE hashtag_hourly (
  hour timestamptz NOT NULL,
  tag_key text NOT NULL,
  posts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, tag_key)
);
CREATE TABLE hashtag_daily (
  day timestamptz NOT NULL,
  tag_key text NOT NULL,
  posts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, tag_key)
);

-- Adds `delta` to the buckets of each key at `at`. Keys are sorted so concurrent posts lock the
-- aggregate rows in the same order (no deadlock between [a, b] and [b, a]).
CREATE FUNCTION discovery_bump_hashtags(keys text[], at timestamptz, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF keys IS NULL OR cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO hashtag_hourly (hour, tag_key, posts)
    SELECT date_trunc('hour', at, 'UTC'), k, delta FROM (SELECT DISTINCT unnest(keys) AS k) s ORDER BY k
  ON CONFLICT (hour, tag_key) DO UPDATE SET posts = hashtag_hourly.posts + EXCLUDED.posts;
  INSERT INTO hashtag_daily (day, tag_key, posts)
    SELECT date_trunc('day', at, 'UTC'), k, delta FROM (SELECT DISTINCT unnest(keys) AS k) s ORDER BY k
  ON CONFLICT (day, tag_key) DO UPDATE SET posts = hashtag_daily.posts + EXCLUDED.posts;
END $$;

-- ---- Creator stats: likes received on public (non-anonymous) posts, mirrored from posts.likes --
CREATE TABLE creator_stats (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  likes_received integer NOT NULL DEFAULT 0
);
CREATE INDEX creator_stats_likes_idx ON creator_stats (likes_received DESC, user_id DESC);

CREATE FUNCTION discovery_bump_creator(author integer, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF delta = 0 OR author IS NULL THEN
    RETURN;
  END IF;
  -- The member may be being deleted (cascade): then there is nothing to keep.
  INSERT INTO creator_stats (user_id, likes_received)
    SELECT author, greatest(delta, 0) WHERE EXISTS (SELECT 1 FROM users WHERE id = author)
  ON CONFLICT (user_id) DO UPDATE SET likes_received = greatest(creator_stats.likes_received + delta, 0);
END $$;

-- One trigger keeps both aggregates in step with every insert, delete and relevant update of posts.
CREATE FUNCTION discovery_posts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM discovery_bump_hashtags(NEW.tag_keys, NEW.created_at, 1);
    INSERT INTO hashtags (tag_key, display)
      SELECT DISTINCT ON (k) k, t FROM unnest(NEW.tag_keys, NEW.tags) AS x(k, t)
      WHERE k IS NOT NULL ORDER BY k
    ON CONFLICT (tag_key) DO NOTHING;
    IF NOT NEW.is_anonymous THEN
      PERFORM discovery_bump_creator(NEW.author_id, NEW.likes);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM discovery_bump_hashtags(OLD.tag_keys, OLD.created_at, -1);
    IF NOT OLD.is_anonymous THEN
      PERFORM discovery_bump_creator(OLD.author_id, -OLD.likes);
    END IF;
    RETURN NULL;
  END IF;
  -- UPDATE
  IF OLD.tag_keys IS DISTINCT FROM NEW.tag_keys OR OLD.created_at IS DISTINCT FROM NEW.created_at THEN
    PERFORM discovery_bump_hashtags(OLD.tag_keys, OLD.created_at, -1);
    PERFORM discovery_bump_hashtags(NEW.tag_keys, NEW.created_at, 1);
    INSERT INTO hashtags (tag_key, display)
      SELECT DISTINCT ON (k) k, t FROM unnest(NEW.tag_keys, NEW.tags) AS x(k, t)
      WHERE k IS NOT NULL ORDER BY k
    ON CONFLICT (tag_key) DO NOTHING;
  END IF;
  IF OLD.author_id IS DISTINCT FROM NEW.author_id OR OLD.is_anonymous IS DISTINCT FROM NEW.is_anonymous THEN
    IF NOT OLD.is_anonymous THEN
      PERFORM discovery_bump_creator(OLD.author_id, -OLD.likes);
    END IF;
    IF NOT NEW.is_anonymous THEN
      PERFORM discovery_bump_creator(NEW.author_id, NEW.likes);
    END IF;
  ELSIF OLD.likes IS DISTINCT FROM NEW.likes AND NOT NEW.is_anonymous THEN
    PERFORM discovery_bump_creator(NEW.author_id, NEW.likes - OLD.likes);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_discovery_insert_delete AFTER INSERT OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION discovery_posts_changed();
-- Views and comment counters change often and never concern these aggregates.
CREATE TRIGGER posts_discovery_update AFTER UPDATE OF tag_keys, tags, created_at, likes, is_anonymous, author_id ON posts
  FOR EACH ROW EXECUTE FUNCTION discovery_posts_changed();

-- Backfill from the posts that exist already.
INSERT INTO hashtag_hourly (hour, tag_key, posts)
  SELECT date_trunc('hour', p.created_at, 'UTC'), k, count(*)::int
  FROM posts p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.tag_keys) AS k) s
  GROUP BY 1, 2;
INSERT INTO hashtag_daily (day, tag_key, posts)
  SELECT date_trunc('day', p.created_at, 'UTC'), k, count(*)::int
  FROM posts p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.tag_keys) AS k) s
  GROUP BY 1, 2;
INSERT INTO hashtags (tag_key, display)
  SELECT DISTINCT ON (x.k) x.k, x.t
  FROM (SELECT p.id, u.k, u.t FROM posts p CROSS JOIN LATERAL unnest(p.tag_keys, p.tags) AS u(k, t)) x
  WHERE x.k IS NOT NULL
  ORDER BY x.k, x.id
ON CONFLICT (tag_key) DO NOTHING;
INSERT INTO creator_stats (user_id, likes_received)
  SELECT author_id, sum(likes)::int FROM posts WHERE NOT is_anonymous GROUP BY author_id
ON CONFLICT (user_id) DO NOTHING;

-- ---- Rising creators: likes received and followers gained per member per UTC hour and day ----
-- Kept by triggers on post_likes and follows, answered by the same day/hour/raw-edge split as
-- the hashtags, so a 30-day window never joins a month of likes to their posts. Likes on
-- anonymous posts and on one's own posts never count; an unlike or unfollow takes its unit
-- back from the bucket of the original like or follow.
CREATE TABLE creator_activity_hourly (
  hour timestamptz NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  likes integer NOT NULL DEFAULT 0,
  follows integer NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, user_id)
);
CREATE INDEX creator_activity_hourly_user_idx ON creator_activity_hourly (user_id);
CREATE TABLE creator_activity_daily (
  day timestamptz NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  likes integer NOT NULL DEFAULT 0,
  follows integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, user_id)
);
CREATE INDEX creator_activity_daily_user_idx ON creator_activity_daily (user_id);

CREATE FUNCTION discovery_bump_activity(uid integer, at timestamptz, dlikes integer, dfollows integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- A member being deleted (cascade) is invisible here: nothing to keep for them.
  IF uid IS NULL OR NOT EXISTS (SELECT 1 FROM users WHERE id = uid) THEN
    RETURN;
  END IF;
  INSERT INTO creator_activity_hourly (hour, user_id, likes, follows)
    VALUES (date_trunc('hour', at, 'UTC'), uid, dlikes, dfollows)
  ON CONFLICT (hour, user_id) DO UPDATE SET
    likes = creator_activity_hourly.likes + EXCLUDED.likes,
    follows = creator_activity_hourly.follows + EXCLUDED.follows;
  INSERT INTO creator_activity_daily (day, user_id, likes, follows)
    VALUES (date_trunc('day', at, 'UTC'), uid, dlikes, dfollows)
  ON CONFLICT (day, user_id) DO UPDATE SET
    likes = creator_activity_daily.likes + EXCLUDED.likes,
    follows = creator_activity_daily.follows + EXCLUDED.follows;
END $$;

CREATE FUNCTION discovery_likes_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  author integer;
  anon boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT author_id, is_anonymous INTO author, anon FROM posts WHERE id = NEW.post_id;
    IF FOUND AND NOT anon AND author <> NEW.user_id THEN
      PERFORM discovery_bump_activity(author, NEW.created_at, 1, 0);
    END IF;
  ELSE
    -- When the post itself is deleted it is no longer visible here; its likes were taken out
    -- by posts_discovery_before_delete.
    SELECT author_id, is_anonymous INTO author, anon FROM posts WHERE id = OLD.post_id;
    IF FOUND AND NOT anon AND author <> OLD.user_id THEN
      PERFORM discovery_bump_activity(author, OLD.created_at, -1, 0);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER post_likes_discovery AFTER INSERT OR DELETE ON post_likes
  FOR EACH ROW EXECUTE FUNCTION discovery_likes_changed();

CREATE FUNCTION discovery_post_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF NOT OLD.is_anonymous THEN
    FOR r IN
      SELECT date_trunc('hour', l.created_at, 'UTC') AS hour, count(*)::int AS n
      FROM post_likes l WHERE l.post_id = OLD.id AND l.user_id <> OLD.author_id
      GROUP BY 1 ORDER BY 1
    LOOP
      PERFORM discovery_bump_activity(OLD.author_id, r.hour, -r.n, 0);
    END LOOP;
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER posts_discovery_before_delete BEFORE DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION discovery_post_deleting();

CREATE FUNCTION discovery_follows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM discovery_bump_activity(NEW.followee_id, NEW.created_at, 0, 1);
  ELSE
    PERFORM discovery_bump_activity(OLD.followee_id, OLD.created_at, 0, -1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER follows_discovery AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION discovery_follows_changed();

INSERT INTO creator_activity_hourly (hour, user_id, likes, follows)
  SELECT hour, uid, sum(likes)::int, sum(follows)::int FROM (
    SELECT date_trunc('hour', l.created_at, 'UTC') AS hour, p.author_id AS uid, 1 AS likes, 0 AS follows
      FROM post_likes l JOIN posts p ON p.id = l.post_id WHERE NOT p.is_anonymous AND l.user_id <> p.author_id
    UNION ALL
    SELECT date_trunc('hour', f.created_at, 'UTC'), f.followee_id, 0, 1 FROM follows f
  ) a GROUP BY hour, uid;
INSERT INTO creator_activity_daily (day, user_id, likes, follows)
  SELECT date_trunc('day', hour, 'UTC'), user_id, sum(likes)::int, sum(follows)::int
  FROM creator_activity_hourly GROUP BY 1, 2;

-- ---- Favourite models per generation: sum and count of members' ratings ----------------------
-- Kept by triggers on model_ratings (insert, delete, re-rate) and on users (a member changing
-- generation moves their ratings; a member being deleted takes theirs out first). Ratings given
-- anonymously are left out.
CREATE TABLE model_generation_ratings (
  model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  generation text NOT NULL,
  total integer NOT NULL DEFAULT 0,
  ratings integer NOT NULL DEFAULT 0,
  PRIMARY KEY (generation, model_id)
);

CREATE FUNCTION discovery_bump_model_rating(mid integer, gen text, dtotal integer, dcount integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF mid IS NULL OR gen IS NULL OR NOT EXISTS (SELECT 1 FROM ai_models WHERE id = mid) THEN
    RETURN;
  END IF;
  INSERT INTO model_generation_ratings (model_id, generation, total, ratings) VALUES (mid, gen, dtotal, dcount)
  ON CONFLICT (generation, model_id) DO UPDATE SET
    total = model_generation_ratings.total + EXCLUDED.total,
    ratings = model_generation_ratings.ratings + EXCLUDED.ratings;
END $$;

CREATE FUNCTION discovery_model_ratings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND NOT OLD.anonymous THEN
    -- A member being deleted is invisible here: their ratings were taken out before.
    PERFORM discovery_bump_model_rating(OLD.model_id, (SELECT generation FROM users WHERE id = OLD.user_id), -OLD.rating, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.anonymous THEN
    PERFORM discovery_bump_model_rating(NEW.model_id, (SELECT generation FROM users WHERE id = NEW.user_id), NEW.rating, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER model_ratings_discovery AFTER INSERT OR DELETE OR UPDATE OF rating, anonymous, user_id, model_id ON model_ratings
  FOR EACH ROW EXECUTE FUNCTION discovery_model_ratings_changed();

CREATE FUNCTION discovery_user_generation_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT model_id, sum(rating)::int AS total, count(*)::int AS n FROM model_ratings
    WHERE user_id = NEW.id AND NOT anonymous GROUP BY model_id ORDER BY model_id
  LOOP
    PERFORM discovery_bump_model_rating(r.model_id, OLD.generation, -r.total, -r.n);
    PERFORM discovery_bump_model_rating(r.model_id, NEW.generation, r.total, r.n);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER users_generation_discovery AFTER UPDATE OF generation ON users
  FOR EACH ROW WHEN (OLD.generation IS DISTINCT FROM NEW.generation)
  EXECUTE FUNCTION discovery_user_generation_changed();

CREATE FUNCTION discovery_user_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT model_id, sum(rating)::int AS total, count(*)::int AS n FROM model_ratings
    WHERE user_id = OLD.id AND NOT anonymous GROUP BY model_id ORDER BY model_id
  LOOP
    PERFORM discovery_bump_model_rating(r.model_id, OLD.generation, -r.total, -r.n);
  END LOOP;
  RETURN OLD;
END $$;

CREATE TRIGGER users_discovery_before_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION discovery_user_deleting();

INSERT INTO model_generation_ratings (model_id, generation, total, ratings)
  SELECT r.model_id, u.generation, sum(r.rating)::int, count(*)::int
  FROM model_ratings r JOIN users u ON u.id = r.user_id
  WHERE NOT r.anonymous
  GROUP BY r.model_id, u.generation;

-- ---- Indexes for the windows of rising creators, analytics and explore --------------------
CREATE INDEX post_likes_created_idx ON post_likes (created_at);
CREATE INDEX post_likes_post_created_idx ON post_likes (post_id, created_at);
CREATE INDEX post_comments_post_created_idx ON post_comments (post_id, created_at);
CREATE INDEX post_views_post_hour_idx ON post_views (post_id, hour);
CREATE INDEX follows_created_idx ON follows (created_at);
CREATE INDEX users_followers_idx ON users (followers_count DESC, id DESC);
CREATE INDEX forums_activity_idx ON forums (last_activity_at DESC, id DESC);

-- ---- First-party usage analytics (only after "Accept All"; no cookies, no event log) ------
-- Page views per UTC day and path (query strings are never stored).
CREATE TABLE usage_page_daily (
  day date NOT NULL,
  path text NOT NULL CHECK (length(path) BETWEEN 1 AND 300),
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, path)
);
-- Members active on a day (a consented page view or identify while signed in).
CREATE TABLE usage_active_members (
  day date NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (day, user_id)
);
CREATE INDEX usage_active_members_user_idx ON usage_active_members (user_id);
-- Distinct visitors per day: a hash of address and browser salted with the day, so it cannot be
-- linked across days or back to an address.
CREATE TABLE usage_visitors (
  day date NOT NULL,
  visitor text NOT NULL,
  PRIMARY KEY (day, visitor)
);
-- External sites that sent visitors, per day (host only, never the full address).
CREATE TABLE usage_referrer_daily (
  day date NOT NULL,
  host text NOT NULL CHECK (length(host) BETWEEN 1 AND 253),
  visits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, host)
);

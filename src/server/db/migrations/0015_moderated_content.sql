-- Issue 25 item 2 (decision 0055): an item hidden pending review (hidden_at set) counts nowhere.
--
-- The aggregates kept by triggers (hashtag buckets and creator figures of 0010, the landing
-- page's site_counters of 0011/0013, the comment count of a post) treat hiding as a deletion
-- and showing again (an admin dismissing the reports) as an insertion. The triggers that keep
-- them for inserts, deletes and edits skip hidden rows, whose share was already taken out.

-- ---- posts: hashtag buckets, creator_stats, creator activity, site_counters ----------------

-- Adds (d = 1) or takes out (d = -1) everything one post contributes to the aggregates.
CREATE FUNCTION moderation_apply_post(p posts, d integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  PERFORM discovery_bump_hashtags(p.tag_keys, p.created_at, d);
  IF d > 0 THEN
    INSERT INTO hashtags (tag_key, display)
      SELECT DISTINCT ON (k) k, t FROM unnest(p.tag_keys, p.tags) AS x(k, t)
      WHERE k IS NOT NULL ORDER BY k
    ON CONFLICT (tag_key) DO NOTHING;
  END IF;
  IF NOT p.is_anonymous THEN
    PERFORM discovery_bump_creator(p.author_id, d * p.likes);
    FOR r IN
      SELECT date_trunc('hour', l.created_at, 'UTC') AS hour, count(*)::int AS n
      FROM post_likes l WHERE l.post_id = p.id AND l.user_id <> p.author_id
      GROUP BY 1 ORDER BY 1
    LOOP
      PERFORM discovery_bump_activity(p.author_id, r.hour, d * r.n, 0);
    END LOOP;
  END IF;
  INSERT INTO site_counters (key, shard, total, rated)
    VALUES ('posts', pg_backend_pid() % 8, d, d * (p.rating IS NOT NULL)::int)
  ON CONFLICT (key, shard) DO UPDATE
    SET total = site_counters.total + EXCLUDED.total, rated = site_counters.rated + EXCLUDED.rated;
END $$;

CREATE FUNCTION moderation_post_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.hidden_at IS NULL THEN
    PERFORM moderation_apply_post(NEW, 1);
  ELSE
    PERFORM moderation_apply_post(OLD, -1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_moderation_visibility AFTER UPDATE OF hidden_at ON posts
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION moderation_post_visibility();

-- The triggers of 0010 and 0013, now leaving hidden posts out. (An update that hides or shows
-- a post is handled above, with the row before or after it, so it is skipped here.)
CREATE OR REPLACE FUNCTION discovery_posts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.hidden_at IS NULL THEN
      PERFORM discovery_bump_hashtags(NEW.tag_keys, NEW.created_at, 1);
      INSERT INTO hashtags (tag_key, display)
        SELECT DISTINCT ON (k) k, t FROM unnest(NEW.tag_keys, NEW.tags) AS x(k, t)
        WHERE k IS NOT NULL ORDER BY k
      ON CONFLICT (tag_key) DO NOTHING;
      IF NOT NEW.is_anonymous THEN
        PERFORM discovery_bump_creator(NEW.author_id, NEW.likes);
      END IF;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.hidden_at IS NULL THEN
      PERFORM discovery_bump_hashtags(OLD.tag_keys, OLD.created_at, -1);
      IF NOT OLD.is_anonymous THEN
        PERFORM discovery_bump_creator(OLD.author_id, -OLD.likes);
      END IF;
    END IF;
    RETURN NULL;
  END IF;
  -- UPDATE
  IF OLD.hidden_at IS NOT NULL OR NEW.hidden_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
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

CREATE OR REPLACE FUNCTION discovery_likes_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  author integer;
  anon boolean;
  hidden boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT author_id, is_anonymous, hidden_at IS NOT NULL INTO author, anon, hidden FROM posts WHERE id = NEW.post_id;
    IF FOUND AND NOT anon AND NOT hidden AND author <> NEW.user_id THEN
      PERFORM discovery_bump_activity(author, NEW.created_at, 1, 0);
    END IF;
  ELSE
    SELECT author_id, is_anonymous, hidden_at IS NOT NULL INTO author, anon, hidden FROM posts WHERE id = OLD.post_id;
    IF FOUND AND NOT anon AND NOT hidden AND author <> OLD.user_id THEN
      PERFORM discovery_bump_activity(author, OLD.created_at, -1, 0);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION discovery_post_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF NOT OLD.is_anonymous AND OLD.hidden_at IS NULL THEN
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

CREATE OR REPLACE FUNCTION site_counters_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_total int := 0;
  d_rated int := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.hidden_at IS NULL THEN
      d_total := 1;
      d_rated := (NEW.rating IS NOT NULL)::int;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.hidden_at IS NULL THEN
      d_total := -1;
      d_rated := -((OLD.rating IS NOT NULL)::int);
    END IF;
  ELSIF OLD.hidden_at IS NULL AND NEW.hidden_at IS NULL THEN
    d_rated := (NEW.rating IS NOT NULL)::int - (OLD.rating IS NOT NULL)::int;
  END IF;
  IF d_total <> 0 OR d_rated <> 0 THEN
    INSERT INTO site_counters (key, shard, total, rated)
      VALUES ('posts', pg_backend_pid() % 8, d_total, d_rated)
    ON CONFLICT (key, shard) DO UPDATE
      SET total = site_counters.total + EXCLUDED.total, rated = site_counters.rated + EXCLUDED.rated;
  END IF;
  RETURN NULL;
END $$;

-- ---- prompts: site_counters ------------------------------------------------------------------
CREATE FUNCTION site_counters_prompt() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d int := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    d := (NEW.hidden_at IS NULL)::int;
  ELSIF TG_OP = 'DELETE' THEN
    d := -((OLD.hidden_at IS NULL)::int);
  ELSE
    d := (NEW.hidden_at IS NULL)::int - (OLD.hidden_at IS NULL)::int;
  END IF;
  IF d <> 0 THEN
    INSERT INTO site_counters (key, shard, total, rated)
      VALUES ('prompts', pg_backend_pid() % 8, d, 0)
    ON CONFLICT (key, shard) DO UPDATE SET total = site_counters.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER prompts_site_counter ON prompts;
CREATE TRIGGER prompts_site_counter AFTER INSERT OR DELETE OR UPDATE OF hidden_at ON prompts
  FOR EACH ROW EXECUTE FUNCTION site_counters_prompt();

-- ---- post_comments: the comment count shown on a post ---------------------------------------
-- posts.comments counts the shown comments. Hiding takes one off, showing again adds it back.
-- Every delete path (the author, an admin's removal) takes one off for the comment it deletes;
-- for a hidden comment, already taken off, it is added back just before, so the count stays right.
CREATE FUNCTION moderation_comment_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE posts SET comments = comments + 1 WHERE id = OLD.post_id;
    RETURN OLD;
  END IF;
  UPDATE posts SET comments = greatest(comments + CASE WHEN NEW.hidden_at IS NULL THEN 1 ELSE -1 END, 0)
    WHERE id = NEW.post_id;
  RETURN NULL;
END $$;

CREATE TRIGGER post_comments_moderation_visibility AFTER UPDATE OF hidden_at ON post_comments
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION moderation_comment_visibility();
CREATE TRIGGER post_comments_moderation_delete BEFORE DELETE ON post_comments
  FOR EACH ROW WHEN (OLD.hidden_at IS NOT NULL)
  EXECUTE FUNCTION moderation_comment_visibility();

-- ---- Items hidden before this migration -----------------------------------------------------
SELECT moderation_apply_post(p, -1) FROM posts p WHERE p.hidden_at IS NOT NULL;
INSERT INTO site_counters (key, shard, total, rated)
  SELECT 'prompts', 0, -count(*), 0 FROM prompts WHERE hidden_at IS NOT NULL
ON CONFLICT (key, shard) DO UPDATE SET total = site_counters.total + EXCLUDED.total;
UPDATE posts p SET comments = greatest(p.comments - h.n, 0)
  FROM (SELECT post_id, count(*)::int AS n FROM post_comments WHERE hidden_at IS NOT NULL GROUP BY post_id) h
  WHERE p.id = h.post_id;

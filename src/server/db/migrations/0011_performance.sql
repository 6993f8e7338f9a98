-- Issue 12 (performance at scale).

-- Global search over prompts ranks on a stored vector (as posts do) instead of recomputing
-- to_tsvector(title/description/content) for every candidate row in the filter and the rank.
ALTER TABLE prompts ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title), 'A') ||
  setweight(to_tsvector('english', description), 'B') ||
  setweight(to_tsvector('english', content), 'C')
) STORED;
CREATE INDEX prompts_search_idx ON prompts USING gin (search);
DROP INDEX IF EXISTS prompts_fts_idx;

-- The landing page's live counters (GET /api/stats), kept by triggers instead of counting a
-- million posts on every request. One row per counted table, so a new post locks only the
-- 'posts' row (total and rated posts together, in one statement: no lock-order deadlock).
CREATE TABLE site_counters (
  key text PRIMARY KEY,
  total bigint NOT NULL DEFAULT 0,
  rated bigint NOT NULL DEFAULT 0
);
INSERT INTO site_counters (key, total, rated)
SELECT 'members', count(*), 0 FROM users
UNION ALL SELECT 'posts', count(*), count(*) FILTER (WHERE rating IS NOT NULL) FROM posts
UNION ALL SELECT 'prompts', count(*), 0 FROM prompts;

-- Members and prompts: one more or one fewer row.
CREATE FUNCTION site_counters_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_counters SET total = total + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END
  WHERE key = TG_ARGV[0];
  RETURN NULL;
END $$;

-- Posts: the total and the rated ones (reviews), which an edit can change.
CREATE FUNCTION site_counters_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_total int := 0;
  d_rated int := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    d_total := 1;
    d_rated := (NEW.rating IS NOT NULL)::int;
  ELSIF TG_OP = 'DELETE' THEN
    d_total := -1;
    d_rated := -((OLD.rating IS NOT NULL)::int);
  ELSE
    d_rated := (NEW.rating IS NOT NULL)::int - (OLD.rating IS NOT NULL)::int;
  END IF;
  IF d_total <> 0 OR d_rated <> 0 THEN
    UPDATE site_counters SET total = total + d_total, rated = rated + d_rated WHERE key = 'posts';
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION site_counters_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_counters SET total = 0, rated = 0 WHERE key = TG_ARGV[0];
  RETURN NULL;
END $$;

CREATE TRIGGER users_site_counter AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION site_counters_row('members');
CREATE TRIGGER users_site_counter_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION site_counters_truncate('members');
CREATE TRIGGER posts_site_counter AFTER INSERT OR DELETE OR UPDATE OF rating ON posts
  FOR EACH ROW EXECUTE FUNCTION site_counters_post();
CREATE TRIGGER posts_site_counter_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION site_counters_truncate('posts');
CREATE TRIGGER prompts_site_counter AFTER INSERT OR DELETE ON prompts
  FOR EACH ROW EXECUTE FUNCTION site_counters_row('prompts');
CREATE TRIGGER prompts_site_counter_truncate AFTER TRUNCATE ON prompts
  FOR EACH STATEMENT EXECUTE FUNCTION site_counters_truncate('prompts');

-- Issue 12: aggregate rows that every new post updates are split into shards.
--
-- Each new post added one to the single 'posts' row of site_counters and to the hashtag_hourly
-- and hashtag_daily rows of its tags, and held those row locks until it committed: every post
-- of the site (and every post of a busy hashtag) waited for the one before it. pgbench, 10
-- connections, the insert alone: 3,300 posts/s with the counter row, 8,700 without it; a single
-- hashtag capped it at 3,400 the same way (docs/performance.md).
--
-- Now each database connection adds its deltas to its own shard row (pg_backend_pid() % 8: a
-- connection runs one transaction at a time, so concurrent posts touch different rows), and the
-- readers sum the shards: GET /api/stats sums site_counters per key, trending already sums the
-- hashtag rows per tag. A shard may go below zero (a post counted in one shard and deleted
-- through another); only the sum means anything.

-- ---- site_counters: (key) → (key, shard) ----
ALTER TABLE site_counters ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE site_counters DROP CONSTRAINT site_counters_pkey;
ALTER TABLE site_counters ADD PRIMARY KEY (key, shard);

CREATE OR REPLACE FUNCTION site_counters_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_counters (key, shard, total, rated)
    VALUES (TG_ARGV[0], pg_backend_pid() % 8, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END, 0)
  ON CONFLICT (key, shard) DO UPDATE SET total = site_counters.total + EXCLUDED.total;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION site_counters_post() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO site_counters (key, shard, total, rated)
      VALUES ('posts', pg_backend_pid() % 8, d_total, d_rated)
    ON CONFLICT (key, shard) DO UPDATE
      SET total = site_counters.total + EXCLUDED.total, rated = site_counters.rated + EXCLUDED.rated;
  END IF;
  RETURN NULL;
END $$;

-- A truncated table counts nothing: one row at zero instead of the shards.
CREATE OR REPLACE FUNCTION site_counters_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM site_counters WHERE key = TG_ARGV[0];
  INSERT INTO site_counters (key, shard, total, rated) VALUES (TG_ARGV[0], 0, 0, 0);
  RETURN NULL;
END $$;

-- ---- hashtag_hourly, hashtag_daily: (bucket, tag) → (bucket, tag, shard) ----
ALTER TABLE hashtag_hourly ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE hashtag_hourly DROP CONSTRAINT hashtag_hourly_pkey;
ALTER TABLE hashtag_hourly ADD PRIMARY KEY (hour, tag_key, shard);
ALTER TABLE hashtag_daily ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE hashtag_daily DROP CONSTRAINT hashtag_daily_pkey;
ALTER TABLE hashtag_daily ADD PRIMARY KEY (day, tag_key, shard);

-- Keys are still sorted, so one post locks its rows in the same order as any other.
CREATE OR REPLACE FUNCTION discovery_bump_hashtags(keys text[], at timestamptz, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s smallint := pg_backend_pid() % 8;
BEGIN
  IF keys IS NULL OR cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO hashtag_hourly (hour, tag_key, shard, posts)
    SELECT date_trunc('hour', at, 'UTC'), k, s, delta FROM (SELECT DISTINCT unnest(keys) AS k) x ORDER BY k
  ON CONFLICT (hour, tag_key, shard) DO UPDATE SET posts = hashtag_hourly.posts + EXCLUDED.posts;
  INSERT INTO hashtag_daily (day, tag_key, shard, posts)
    SELECT date_trunc('day', at, 'UTC'), k, s, delta FROM (SELECT DISTINCT unnest(keys) AS k) x ORDER BY k
  ON CONFLICT (day, tag_key, shard) DO UPDATE SET posts = hashtag_daily.posts + EXCLUDED.posts;
END $$;

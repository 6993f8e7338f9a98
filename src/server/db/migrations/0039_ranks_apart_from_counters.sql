-- Hot and Top rank by scores refreshed apart from the counters (decision 0147). The Hot score was
-- generated from likes, comments and views and indexed, and Top's index was on likes: every like,
-- comment and view rewrote an entry in each of the posts' twelve indexes (two of them GIN), since
-- an update that changes an indexed column cannot be HOT. Now the counters are indexed nowhere:
-- a like rewrites the row in place on its page (HOT), and the ranks move when the app refreshes
-- them (every few seconds, src/server/features/posts/ranks.ts) from the posts whose counters
-- changed, which a trigger notes in post_rank_changes.

-- decision 0103's formula, the one place it is written.
CREATE FUNCTION post_hot_score(likes integer, comments integer, views integer, created_at timestamptz)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT log(1.0 + likes + 2.0 * comments + views / 10.0)
    + date_part('epoch', created_at - '1970-01-01 00:00:00+00'::timestamptz) / 45000.0
$$;

-- The Hot score becomes a stored column the refresh writes (its values and index stay).
ALTER TABLE posts ALTER COLUMN hot_score DROP EXPRESSION;
ALTER TABLE posts ALTER COLUMN hot_score SET DEFAULT 0;
ALTER TABLE posts ALTER COLUMN hot_score SET NOT NULL;
-- Top ranks by the likes as last refreshed.
ALTER TABLE posts ADD COLUMN ranked_likes integer NOT NULL DEFAULT 0;
UPDATE posts SET ranked_likes = likes WHERE likes <> 0;
DROP INDEX posts_top_idx;
CREATE INDEX posts_top_idx ON posts (ranked_likes DESC, id DESC);
-- Room on each page for a row's next versions (HOT updates stay on the page); new pages only.
ALTER TABLE posts SET (fillfactor = 85);

-- A new post is ranked as it is inserted.
CREATE FUNCTION posts_rank_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.hot_score := post_hot_score(NEW.likes, NEW.comments, NEW.views, NEW.created_at);
  NEW.ranked_likes := NEW.likes;
  RETURN NEW;
END $$;
CREATE TRIGGER posts_rank_insert BEFORE INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_rank_insert();

-- The posts whose ranks are behind their counters, until the next refresh (no foreign key: a
-- deleted post's id joins no post and leaves with the next refresh).
CREATE TABLE post_rank_changes (
  post_id integer PRIMARY KEY
);
CREATE FUNCTION posts_rank_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_rank_changes (post_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_rank_changed AFTER UPDATE OF likes, comments, views, created_at ON posts
  FOR EACH ROW
  WHEN (OLD.likes IS DISTINCT FROM NEW.likes OR OLD.comments IS DISTINCT FROM NEW.comments
        OR OLD.views IS DISTINCT FROM NEW.views OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION posts_rank_changed();

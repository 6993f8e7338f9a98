-- A hashtag's posts in id order (issue 26, decision 0135). A hashtag's page, its feed and the
-- Following tab's followed hashtags (New order) read the tag's newest posts by keyset on the id.
-- The GIN index on posts.tag_keys can only give a tag's posts as an unordered bitmap, so a tag
-- that the newest posts lack was read whole and sorted (0.6–1.1 s for a tag on 60,000 posts of a
-- million). This table is that index in order: one row per (tag, post), kept by the triggers
-- below with every insert, delete and change of a post's tags; a page walks the tag's rows
-- backwards from the cursor and stops after a page of shown posts.
CREATE TABLE post_tags (
  tag_key text NOT NULL,
  post_id integer NOT NULL,
  PRIMARY KEY (tag_key, post_id)
);

CREATE FUNCTION post_tags_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM post_tags WHERE tag_key = ANY (OLD.tag_keys) AND post_id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM post_tags
     WHERE tag_key = ANY (OLD.tag_keys) AND post_id = OLD.id AND NOT (tag_key = ANY (NEW.tag_keys));
  END IF;
  INSERT INTO post_tags (tag_key, post_id)
    SELECT DISTINCT k, NEW.id FROM unnest(NEW.tag_keys) AS k WHERE k IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Only posts with tags pay for the call; views and counters never touch tag_keys.
CREATE TRIGGER posts_tags_insert AFTER INSERT ON posts
  FOR EACH ROW WHEN (cardinality(NEW.tag_keys) > 0) EXECUTE FUNCTION post_tags_changed();
CREATE TRIGGER posts_tags_delete AFTER DELETE ON posts
  FOR EACH ROW WHEN (cardinality(OLD.tag_keys) > 0) EXECUTE FUNCTION post_tags_changed();
CREATE TRIGGER posts_tags_update AFTER UPDATE OF tag_keys ON posts
  FOR EACH ROW WHEN (OLD.tag_keys IS DISTINCT FROM NEW.tag_keys) EXECUTE FUNCTION post_tags_changed();

-- Backfill from the posts that exist already.
INSERT INTO post_tags (tag_key, post_id)
  SELECT DISTINCT k, p.id FROM posts p CROSS JOIN LATERAL unnest(p.tag_keys) AS k WHERE k IS NOT NULL
ON CONFLICT DO NOTHING;

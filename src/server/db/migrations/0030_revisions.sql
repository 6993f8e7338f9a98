-- Edit history (issue 21 item 5, docs/decisions/0105): every real edit of a post, comment,
-- forum thread, forum reply, prompt or model review keeps the text it had. On an item's first
-- edit its original text becomes revision 1 and the edited text revision 2; each later edit
-- adds the next revision. Rows are written in the edit's own transaction, under the item's row
-- lock, so revision numbers never collide (the unique index makes that a rule, too).
-- `fields` holds the item's text fields ({"content": ...}, {"title": ..., "content": ...}).
-- `edited_by` is never shown for a stealth item. History is read newest first by keyset on rev.
CREATE TABLE revisions (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  target_id integer NOT NULL,
  rev integer NOT NULL,
  fields jsonb NOT NULL,
  edited_at timestamptz NOT NULL,
  edited_by integer REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT revisions_kind_check CHECK (kind IN ('post', 'comment', 'thread', 'reply', 'prompt', 'review'))
);
CREATE UNIQUE INDEX revisions_target_rev_idx ON revisions (kind, target_id, rev);
CREATE INDEX revisions_edited_by_idx ON revisions (edited_by);

-- Prompts gain the edit time the other kinds already have: their "edited" mark.
ALTER TABLE prompts ADD COLUMN edited_at timestamptz;

-- A deleted item takes its kept texts with it (and so does a deleted account, whose items
-- cascade): no revision outlives what it is a version of. A comment is deleted by marking it.
CREATE FUNCTION revisions_follow_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM revisions WHERE kind = TG_ARGV[0] AND target_id = OLD.id;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_revisions_follow AFTER DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION revisions_follow_item('post');
CREATE TRIGGER post_comments_revisions_follow AFTER DELETE ON post_comments
  FOR EACH ROW EXECUTE FUNCTION revisions_follow_item('comment');
CREATE TRIGGER post_comments_revisions_follow_mark AFTER UPDATE OF deleted_at ON post_comments
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION revisions_follow_item('comment');
CREATE TRIGGER forum_threads_revisions_follow AFTER DELETE ON forum_threads
  FOR EACH ROW EXECUTE FUNCTION revisions_follow_item('thread');
CREATE TRIGGER forum_replies_revisions_follow AFTER DELETE ON forum_replies
  FOR EACH ROW EXECUTE FUNCTION revisions_follow_item('reply');
CREATE TRIGGER prompts_revisions_follow AFTER DELETE ON prompts
  FOR EACH ROW EXECUTE FUNCTION revisions_follow_item('prompt');
-- A re-rating replaces the review row: features/ai-models carries its revisions to the new row.
CREATE TRIGGER model_ratings_revisions_follow AFTER DELETE ON model_ratings
  FOR EACH ROW EXECUTE FUNCTION revisions_follow_item('review');

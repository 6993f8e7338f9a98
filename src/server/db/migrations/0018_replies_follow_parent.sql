-- A hidden comment takes its replies with it (docs/decisions/0070, 0055): hiding a top-level
-- comment hides its shown replies with the same timestamp, so every list, count and aggregate
-- that already leaves hidden comments out (and the comment-count trigger of 0015) treats them the
-- same way; showing it again (an admin dismisses the reports) shows the replies hidden with it,
-- not those hidden by their own reports (a different timestamp).
CREATE FUNCTION comment_replies_follow_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.hidden_at IS NOT NULL THEN
    UPDATE post_comments SET hidden_at = NEW.hidden_at WHERE parent_id = NEW.id AND hidden_at IS NULL;
  ELSE
    UPDATE post_comments SET hidden_at = NULL WHERE parent_id = NEW.id AND hidden_at = OLD.hidden_at;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER post_comments_replies_follow_parent AFTER UPDATE OF hidden_at ON post_comments
  FOR EACH ROW WHEN (NEW.parent_id IS NULL AND (OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION comment_replies_follow_parent();

-- Replies already under a hidden comment.
UPDATE post_comments r SET hidden_at = p.hidden_at
  FROM post_comments p
  WHERE r.parent_id = p.id AND p.hidden_at IS NOT NULL AND r.hidden_at IS NULL;

-- Issue 12: the notifications page (the bell, read by every member) as an index-only scan.
-- A member's notices are spread over the whole table (they arrive over time, among everyone
-- else's), so a page of 20 cost 20 heap fetches; with the listed columns in the index, the page
-- is one or two index pages. The new index also serves everything the one it replaces did.
CREATE INDEX IF NOT EXISTS notifications_user_page_idx ON notifications (user_id, id DESC)
  INCLUDE (type, is_read, created_at, actor_count, related_user_id, url, message);
DROP INDEX IF EXISTS notifications_user_idx;

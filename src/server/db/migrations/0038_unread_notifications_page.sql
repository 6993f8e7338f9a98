-- A member's unread notifications by page (the notifications page's Unread filter, decision 0143):
-- newest first by keyset on the id among the unread ones only, so a member with thousands read
-- and a few unread reads a few index entries. The unread count reads the same index (its first
-- column is the member), so the index it used goes.
CREATE INDEX notifications_unread_page_idx ON notifications (user_id, id DESC) WHERE NOT is_read;
DROP INDEX notifications_unread_idx;

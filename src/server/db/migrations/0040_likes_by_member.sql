-- A member's likes read in post order from the index alone (decision 0150): the feed keeps each
-- signed-in member's liked posts in memory, read once with one index-only scan, instead of
-- looking up the likes of every page it shows. The index on user_id alone served the same
-- lookups by member (export, analytics) with a heap fetch per like; this one serves them too.
DROP INDEX post_likes_user_idx;
CREATE INDEX post_likes_user_idx ON post_likes (user_id, post_id);

-- The Following tab (issue 21 item 3, decision 0104): each followed member's newest named, shown
-- posts, read by an index-only scan. With posts_author_id_idx alone every candidate post was
-- fetched from the heap to test is_anonymous and hidden_at (16 pages per followed member at 1M
-- posts); the partial index answers from its own pages.
CREATE INDEX posts_author_named_idx ON posts (author_id, id DESC) WHERE NOT is_anonymous AND hidden_at IS NULL;

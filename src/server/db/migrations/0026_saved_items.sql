-- Saved items (issue 21 item 4, docs/decisions/0099): a member's bookmarks of posts, forum threads
-- and prompts (models keep model_bookmarks). The unique key makes saving idempotent under
-- concurrency; saved_items_list_idx reads one member's tab newest saved first by keyset on id.
CREATE TABLE saved_items (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  item_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT saved_items_kind_check CHECK (kind IN ('post', 'thread', 'prompt'))
);
CREATE UNIQUE INDEX saved_items_user_item_idx ON saved_items (user_id, kind, item_id);
CREATE INDEX saved_items_list_idx ON saved_items (user_id, kind, id DESC);

-- Arena (issue 22, decisions 0109 and 0110): optional images of the responses (uploads of this
-- site, with their descriptions), and the votes of a time window for trending battles.
ALTER TABLE arena_battles
  ADD COLUMN image_a text,
  ADD COLUMN image_b text,
  ADD COLUMN image_alt_a text NOT NULL DEFAULT '',
  ADD COLUMN image_alt_b text NOT NULL DEFAULT '';
-- Trending battles count each battle's votes in a window: the window's votes, index-only.
CREATE INDEX arena_votes_created_idx ON arena_votes (created_at, battle_id);

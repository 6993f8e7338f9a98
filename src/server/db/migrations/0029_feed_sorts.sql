-- Feed sorts and following (issue 21 item 3, docs/decisions/0103 and 0104).
-- Hot: a stored score that never needs re-decaying (decision 0103): the log of the engagement
-- plus the post's age in units of 45,000 s, so a newer post outranks an older one with ten times
-- its engagement 12.5 hours later. Generated from the counters, it follows every like, comment
-- and view without a line of application code. The feed reads it by keyset on (hot_score, id).
ALTER TABLE posts ADD COLUMN hot_score double precision GENERATED ALWAYS AS (
  log(1.0 + likes + 2.0 * comments + views / 10.0)
    + date_part('epoch', created_at - '1970-01-01 00:00:00+00'::timestamptz) / 45000.0
) STORED;
CREATE INDEX posts_hot_idx ON posts (hot_score DESC, id DESC);
-- Top: most liked, by keyset on (likes, id); a time window filters the rows it reads.
CREATE INDEX posts_top_idx ON posts (likes DESC, id DESC);
-- Following a model: that model's posts newest first.
CREATE INDEX posts_ai_model_id_idx ON posts (ai_model, id DESC) WHERE ai_model IS NOT NULL;

-- A member's followed hashtags (lower-case, without '#') and models (the feed's model ids).
CREATE TABLE topic_follows (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  target text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, target),
  CONSTRAINT topic_follows_kind_check CHECK (kind IN ('hashtag', 'model'))
);

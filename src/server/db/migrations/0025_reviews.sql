-- Issue 23 items 1-3 (decisions 0097, 0098): structured reviews, helpful votes, honest ranking.
--
-- A review is still the member's one rating of a model (model_ratings, one per member per
-- model); it gains optional structured parts and a count of helpful votes. The model row keeps
-- the star distribution of its shown ratings and the Bayesian score the directory sorts by,
-- both recomputed with its rating under the model's row lock (features/ai-models).

ALTER TABLE model_ratings
  ADD COLUMN pros text,
  ADD COLUMN cons text,
  ADD COLUMN used_for text[] NOT NULL DEFAULT '{}'::text[],
  ADD COLUMN usage_duration text,
  ADD COLUMN model_version text,
  ADD COLUMN helpful integer NOT NULL DEFAULT 0;

-- Keyset pages of a model's reviews in each order (Newest uses model_ratings_model_id_idx).
CREATE INDEX model_ratings_helpful_idx ON model_ratings (model_id, helpful DESC, id DESC);
CREATE INDEX model_ratings_highest_idx ON model_ratings (model_id, rating DESC, id DESC);
CREATE INDEX model_ratings_lowest_idx ON model_ratings (model_id, rating, id DESC);
CREATE INDEX model_ratings_version_idx ON model_ratings (model_id, lower(model_version), id DESC)
  WHERE model_version IS NOT NULL;

-- One helpful vote per member per review (the primary key makes concurrent votes count once).
-- A replaced review is a new row: the votes of the old one go with it.
CREATE TABLE model_review_votes (
  review_id integer NOT NULL REFERENCES model_ratings(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (review_id, user_id)
);
CREATE INDEX model_review_votes_user_idx ON model_review_votes (user_id);

-- Shown ratings per star (index 1 = one star), and the Bayesian score (0 when unrated).
ALTER TABLE ai_models
  ADD COLUMN rating_counts integer[] NOT NULL DEFAULT '{0,0,0,0,0}'::integer[],
  ADD COLUMN score double precision NOT NULL DEFAULT 0;
CREATE INDEX ai_models_score_idx ON ai_models (score DESC, lower(name), id);

-- The site-wide prior of the Bayesian score: the mean of every shown rating, as last applied.
CREATE TABLE model_rating_prior (
  id smallint PRIMARY KEY CHECK (id = 1),
  mean double precision NOT NULL DEFAULT 0,
  ratings integer NOT NULL DEFAULT 0
);
INSERT INTO model_rating_prior (id) VALUES (1);

UPDATE ai_models m SET rating_counts = ARRAY[
    (SELECT count(*) FROM model_ratings r WHERE r.model_id = m.id AND r.rating = 1 AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = r.post_id AND p.hidden_at IS NOT NULL)),
    (SELECT count(*) FROM model_ratings r WHERE r.model_id = m.id AND r.rating = 2 AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = r.post_id AND p.hidden_at IS NOT NULL)),
    (SELECT count(*) FROM model_ratings r WHERE r.model_id = m.id AND r.rating = 3 AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = r.post_id AND p.hidden_at IS NOT NULL)),
    (SELECT count(*) FROM model_ratings r WHERE r.model_id = m.id AND r.rating = 4 AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = r.post_id AND p.hidden_at IS NOT NULL)),
    (SELECT count(*) FROM model_ratings r WHERE r.model_id = m.id AND r.rating = 5 AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = r.post_id AND p.hidden_at IS NOT NULL))
  ]::integer[];
-- The scores themselves are computed by the app at start (the ai-models seed step), with the
-- one function of src/common/ai-models.ts.

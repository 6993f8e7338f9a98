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

-- ---- Moderated ratings leave the generation split too (model_generation_ratings, 0010) -------
-- A rating given through a feed post counts only while the post is shown: the triggers of 0010
-- skip ratings whose post is hidden, and hiding or showing a post takes its ratings out or puts
-- them back. A hidden post deleted takes its ratings with it while still hidden (they counted
-- nowhere, so nothing is taken out twice; the directory's listener then finds none to undo).
CREATE FUNCTION reviews_rating_hidden(pid integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT pid IS NOT NULL AND EXISTS (SELECT 1 FROM posts WHERE id = pid AND hidden_at IS NOT NULL)
$$;

CREATE OR REPLACE FUNCTION discovery_model_ratings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND NOT OLD.anonymous AND NOT reviews_rating_hidden(OLD.post_id) THEN
    PERFORM discovery_bump_model_rating(OLD.model_id, (SELECT generation FROM users WHERE id = OLD.user_id), -OLD.rating, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.anonymous AND NOT reviews_rating_hidden(NEW.post_id) THEN
    PERFORM discovery_bump_model_rating(NEW.model_id, (SELECT generation FROM users WHERE id = NEW.user_id), NEW.rating, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION discovery_user_generation_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT model_id, sum(rating)::int AS total, count(*)::int AS n FROM model_ratings
    WHERE user_id = NEW.id AND NOT anonymous AND NOT reviews_rating_hidden(post_id)
    GROUP BY model_id ORDER BY model_id
  LOOP
    PERFORM discovery_bump_model_rating(r.model_id, OLD.generation, -r.total, -r.n);
    PERFORM discovery_bump_model_rating(r.model_id, NEW.generation, r.total, r.n);
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION discovery_user_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT model_id, sum(rating)::int AS total, count(*)::int AS n FROM model_ratings
    WHERE user_id = OLD.id AND NOT anonymous AND NOT reviews_rating_hidden(post_id)
    GROUP BY model_id ORDER BY model_id
  LOOP
    PERFORM discovery_bump_model_rating(r.model_id, OLD.generation, -r.total, -r.n);
  END LOOP;
  RETURN OLD;
END $$;

CREATE FUNCTION reviews_post_ratings(pid integer, d integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT model_id, user_id, rating FROM model_ratings
    WHERE post_id = pid AND NOT anonymous ORDER BY model_id
  LOOP
    PERFORM discovery_bump_model_rating(r.model_id, (SELECT generation FROM users WHERE id = r.user_id), d * r.rating, d);
  END LOOP;
END $$;

CREATE FUNCTION reviews_post_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM model_ratings WHERE post_id = OLD.id;
    RETURN OLD;
  END IF;
  PERFORM reviews_post_ratings(NEW.id, CASE WHEN NEW.hidden_at IS NULL THEN 1 ELSE -1 END);
  RETURN NULL;
END $$;

CREATE TRIGGER posts_reviews_visibility AFTER UPDATE OF hidden_at ON posts
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION reviews_post_visibility();
CREATE TRIGGER posts_reviews_hidden_delete BEFORE DELETE ON posts
  FOR EACH ROW WHEN (OLD.hidden_at IS NOT NULL)
  EXECUTE FUNCTION reviews_post_visibility();

DELETE FROM model_generation_ratings;
INSERT INTO model_generation_ratings (model_id, generation, total, ratings)
  SELECT r.model_id, u.generation, sum(r.rating)::int, count(*)::int
  FROM model_ratings r JOIN users u ON u.id = r.user_id
  WHERE NOT r.anonymous AND NOT reviews_rating_hidden(r.post_id)
  GROUP BY r.model_id, u.generation;

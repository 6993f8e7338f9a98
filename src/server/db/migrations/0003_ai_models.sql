-- AI model directory: the catalog, members' likes, bookmarks, ratings, comments and views.
-- Counters on ai_models (rating, review_count, likes, views) are denormalised and kept exact by
-- the service (row lock on the model, then recount) — see docs/decisions/0014-ai-model-catalog-scores-and-counters.md.

CREATE TABLE ai_models (
  id serial PRIMARY KEY,
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL,
  company text NOT NULL,
  description text NOT NULL,
  long_description text NOT NULL DEFAULT '',
  category text NOT NULL CHECK (category IN ('Language Models', 'Image Generation', 'Audio & Speech', 'Code Generation', 'Video Generation', 'Research Tools')),
  pricing text NOT NULL CHECK (pricing IN ('Free', 'Freemium', 'Paid', 'Enterprise')),
  pricing_details text,
  features text[] NOT NULL DEFAULT '{}'::text[],
  use_cases text[] NOT NULL DEFAULT '{}'::text[],
  model_size text,
  training_data text,
  has_api boolean NOT NULL DEFAULT false,
  is_open_source boolean NOT NULL DEFAULT false,
  is_verified boolean NOT NULL DEFAULT false,
  website text,
  release_date date,
  benchmark_details jsonb NOT NULL DEFAULT '{}'::jsonb,
  benchmark_score double precision CHECK (benchmark_score IS NULL OR (benchmark_score >= 0 AND benchmark_score <= 100)),
  sources text[] NOT NULL DEFAULT '{}'::text[],
  rating double precision NOT NULL DEFAULT 0 CHECK (rating >= 0 AND rating <= 5),
  review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
  likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', name), 'A') ||
    setweight(to_tsvector('english', company), 'B') ||
    setweight(to_tsvector('english', description), 'C')
  ) STORED,
  search_text text GENERATED ALWAYS AS (lower(name || ' ' || company || ' ' || description)) STORED,
  name_text text GENERATED ALWAYS AS (lower(name || ' ' || company)) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ai_models_slug_idx ON ai_models (slug);
CREATE INDEX ai_models_category_idx ON ai_models (category);
CREATE INDEX ai_models_pricing_idx ON ai_models (pricing);
CREATE INDEX ai_models_rating_idx ON ai_models (rating DESC, lower(name), id);
CREATE INDEX ai_models_likes_idx ON ai_models (likes DESC, lower(name), id);
CREATE INDEX ai_models_views_idx ON ai_models (views DESC, lower(name), id);
CREATE INDEX ai_models_release_idx ON ai_models ((coalesce(release_date, DATE '0001-01-01')) DESC, lower(name), id);
CREATE INDEX ai_models_name_idx ON ai_models (lower(name), id);
CREATE INDEX ai_models_search_vector_idx ON ai_models USING gin (search_vector);
CREATE INDEX ai_models_search_trgm_idx ON ai_models USING gin (search_text gin_trgm_ops);
CREATE INDEX ai_models_name_trgm_idx ON ai_models USING gin (name_text gin_trgm_ops);

CREATE TABLE model_likes (
  model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model_id, user_id)
);
CREATE INDEX model_likes_user_idx ON model_likes (user_id);

CREATE TABLE model_bookmarks (
  model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model_id, user_id)
);
CREATE INDEX model_bookmarks_user_idx ON model_bookmarks (user_id, created_at DESC, model_id DESC);

-- One rating per member per model; re-rating replaces the row (a new id, so "newest first" is id order).
-- post_id: the feed rating post it came from (no foreign key: posts belong to another feature).
CREATE TABLE model_ratings (
  id serial PRIMARY KEY,
  model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  review text,
  post_id integer,
  -- from an anonymous (stealth) post: counted, but its author is never shown with it
  anonymous boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX model_ratings_model_user_idx ON model_ratings (model_id, user_id);
CREATE INDEX model_ratings_model_id_idx ON model_ratings (model_id, id DESC);
CREATE INDEX model_ratings_user_idx ON model_ratings (user_id);
CREATE INDEX model_ratings_post_idx ON model_ratings (post_id) WHERE post_id IS NOT NULL;

CREATE TABLE model_comments (
  id serial PRIMARY KEY,
  model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX model_comments_model_idx ON model_comments (model_id, id DESC);
CREATE INDEX model_comments_user_idx ON model_comments (user_id);

CREATE TABLE model_comment_likes (
  comment_id integer NOT NULL REFERENCES model_comments(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);
CREATE INDEX model_comment_likes_user_idx ON model_comment_likes (user_id);

-- Last counted view per visitor (member id, or a salted hash of IP + user agent) and model:
-- a view counts at most once per visitor per model per hour.
CREATE TABLE model_views (
  model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  visitor text NOT NULL,
  viewed_at timestamptz NOT NULL,
  PRIMARY KEY (model_id, visitor)
);
CREATE INDEX model_views_viewed_at_idx ON model_views (viewed_at);

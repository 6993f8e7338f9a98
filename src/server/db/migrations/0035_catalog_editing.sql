-- Catalog editing and fresher facts (issue 23 items 5 and 7, docs/decisions/0116 and 0117): admins
-- create, edit and retire models; the file catalog (features/ai-models/catalog.ts) is the seed only.
-- New facts: prices per million tokens (USD), context window (tokens), license, open weights, the
-- day the facts were last checked against their sources, and when the model was retired.
ALTER TABLE ai_models
  ADD COLUMN price_input_per_m numeric CHECK (price_input_per_m >= 0),
  ADD COLUMN price_output_per_m numeric CHECK (price_output_per_m >= 0),
  ADD COLUMN context_window integer CHECK (context_window > 0),
  ADD COLUMN license text,
  ADD COLUMN open_weights boolean NOT NULL DEFAULT false,
  ADD COLUMN last_verified_at date,
  ADD COLUMN retired_at timestamptz;
-- The catalog called open weights "open source" until now.
UPDATE ai_models SET open_weights = is_open_source;

-- A renamed address keeps working (decision 0116): the old slug answers the model of its new one.
-- A slug is either some model's current slug or one old slug here, never both (the service checks
-- both under one advisory lock).
CREATE TABLE ai_model_slug_redirects (
  slug text PRIMARY KEY,
  model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_model_slug_redirects_model_idx ON ai_model_slug_redirects (model_id);

-- The admins' review queue (decision 0117): listed models, never verified first, then oldest
-- verification, keyset on (day, id).
CREATE INDEX ai_models_review_idx ON ai_models ((coalesce(last_verified_at, DATE '0001-01-01')), id)
  WHERE retired_at IS NULL;

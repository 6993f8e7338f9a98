-- Model versions (issue 23 item 4, decisions 0114 and 0115): a model has versions (name, release
-- date, notes), managed by admins. Reviews and Arena battles record the version they are about;
-- deleting a version keeps them, without it (ON DELETE SET NULL).
CREATE TABLE model_versions (
  id serial PRIMARY KEY,
  model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  release_date date NOT NULL,
  notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One name per model, case-insensitively: two admins adding the same name at once, one wins.
CREATE UNIQUE INDEX model_versions_model_name_idx ON model_versions (model_id, lower(name));
-- A model's versions, newest release first.
CREATE INDEX model_versions_model_release_idx ON model_versions (model_id, release_date DESC, id DESC);

-- The version a review is about (optional; legacy free text stays in model_version).
ALTER TABLE model_ratings ADD COLUMN version_id integer REFERENCES model_versions(id) ON DELETE SET NULL;
-- The ratings per version (and the filter of a model's reviews by version); the foreign key's
-- SET NULL on a deleted version finds its rows by it too.
CREATE INDEX model_ratings_version_id_idx ON model_ratings (version_id, rating) WHERE version_id IS NOT NULL;

-- The versions an Arena battle's two responses came from (optional; the text stays the shown one).
ALTER TABLE arena_battles
  ADD COLUMN version_a_id integer REFERENCES model_versions(id) ON DELETE SET NULL,
  ADD COLUMN version_b_id integer REFERENCES model_versions(id) ON DELETE SET NULL;
CREATE INDEX arena_battles_version_a_idx ON arena_battles (version_a_id) WHERE version_a_id IS NOT NULL;
CREATE INDEX arena_battles_version_b_idx ON arena_battles (version_b_id) WHERE version_b_id IS NOT NULL;

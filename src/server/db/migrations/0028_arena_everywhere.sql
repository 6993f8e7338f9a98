-- The Arena everywhere (issue 22 item 5, decision 0102): each model's overall arena rating, as
-- the last recompute left it (NULL: not in the Arena), so the directory sorts by it with an index,
-- models without a rating last.
ALTER TABLE ai_models ADD COLUMN arena_rating double precision;
CREATE INDEX ai_models_arena_idx ON ai_models ((coalesce(arena_rating, '-Infinity'::float8)) DESC, lower(name), id);

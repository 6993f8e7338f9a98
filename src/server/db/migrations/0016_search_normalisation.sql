-- Issue 25 item 14 (decision 0056): "gpt4" finds "GPT-4o", "llama3" finds "Llama 3".
--
-- The database's copy of common/search.ts `normalizeSearchText` (search-normalize.api.test.ts
-- checks that they agree): an ASCII letter directly followed by a digit is split from it, a
-- hyphen between ASCII letters or digits becomes a space. IMMUTABLE, so the generated search
-- columns may use it; they are rebuilt with it, and so are their GIN indexes.
CREATE FUNCTION agora_search_normalize(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(
    regexp_replace(t, '([A-Za-z])(?=[0-9])', '\1 ', 'g'),
    '(?<=[A-Za-z0-9])-(?=[A-Za-z0-9])', ' ', 'g')
$$;

ALTER TABLE posts DROP COLUMN search;
ALTER TABLE posts ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', agora_search_normalize(coalesce(ai_model, ''))), 'A') ||
  setweight(to_tsvector('english', agora_search_normalize(content)), 'B')
) STORED;
CREATE INDEX posts_search_idx ON posts USING gin (search);

ALTER TABLE prompts DROP COLUMN search;
ALTER TABLE prompts ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', agora_search_normalize(title)), 'A') ||
  setweight(to_tsvector('english', agora_search_normalize(description)), 'B') ||
  setweight(to_tsvector('english', agora_search_normalize(content)), 'C')
) STORED;
CREATE INDEX prompts_search_idx ON prompts USING gin (search);

ALTER TABLE ai_models DROP COLUMN search_vector;
ALTER TABLE ai_models ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', agora_search_normalize(name)), 'A') ||
  setweight(to_tsvector('english', agora_search_normalize(company)), 'B') ||
  setweight(to_tsvector('english', agora_search_normalize(description)), 'C')
) STORED;
CREATE INDEX ai_models_search_vector_idx ON ai_models USING gin (search_vector);

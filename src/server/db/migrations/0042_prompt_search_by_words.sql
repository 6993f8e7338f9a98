-- The prompt library's search (decision 0152) matches the stored `search` vector and the tags, both
-- from GIN indexes; the trigram index of title and description served only its old substring match.
DROP INDEX prompts_search_trgm_idx;

-- Issue 25 item 16 (consistency).
--
-- 1. Feed comments can be edited and answered (docs/decisions/0070-feed-comment-replies.md):
--    one level of replies (parent_id points at a top-level comment of the same post), the time
--    of the last edit, and the placeholder left by deleting a comment that has replies.
ALTER TABLE post_comments
  ADD COLUMN parent_id integer REFERENCES post_comments (id) ON DELETE CASCADE,
  ADD COLUMN edited_at timestamptz,
  ADD COLUMN deleted_at timestamptz;
CREATE INDEX post_comments_parent_idx ON post_comments (parent_id) WHERE parent_id IS NOT NULL;

-- 2. One set of model identifiers (docs/decisions/0072-one-model-identifier-set.md): the rating
--    dialog stored display names ("ChatGPT", "Other") and favourite models too ("Stable
--    Diffusion"); both now hold the ids of src/common/models.ts. Forums and prompts already did.
-- Forums and prompts accept every id of the list (their forms still offer seven and four).
ALTER TABLE forums DROP CONSTRAINT IF EXISTS forums_ai_model_check;
ALTER TABLE forums ADD CONSTRAINT forums_ai_model_check CHECK (ai_model IN ('chatgpt', 'claude',
  'gemini', 'llama', 'mistral', 'midjourney', 'stable-diffusion', 'dall-e', 'copilot', 'perplexity',
  'other', 'general', 'any'));
ALTER TABLE prompts DROP CONSTRAINT IF EXISTS prompts_ai_model_check;
ALTER TABLE prompts ADD CONSTRAINT prompts_ai_model_check CHECK (ai_model IN ('chatgpt', 'claude',
  'gemini', 'llama', 'mistral', 'midjourney', 'stable-diffusion', 'dall-e', 'copilot', 'perplexity',
  'other', 'general', 'any'));

CREATE TEMPORARY TABLE legacy_model_ids (key text PRIMARY KEY, id text NOT NULL) ON COMMIT DROP;
INSERT INTO legacy_model_ids (key, id) VALUES
  ('chatgpt', 'chatgpt'), ('claude', 'claude'), ('gemini', 'gemini'), ('llama', 'llama'),
  ('mistral', 'mistral'), ('midjourney', 'midjourney'), ('stable diffusion', 'stable-diffusion'),
  ('stable-diffusion', 'stable-diffusion'), ('dall-e', 'dall-e'), ('copilot', 'copilot'),
  ('perplexity', 'perplexity'), ('other', 'other'), ('general', 'general'), ('any', 'any');

UPDATE posts SET ai_model = m.id
  FROM legacy_model_ids m
  WHERE posts.ai_model IS NOT NULL AND lower(posts.ai_model) = m.key AND posts.ai_model <> m.id;

UPDATE users SET favorite_models = ARRAY(
    SELECT coalesce(m.id, u.f)
      FROM unnest(users.favorite_models) WITH ORDINALITY AS u (f, n)
      LEFT JOIN legacy_model_ids m ON m.key = lower(u.f)
      ORDER BY u.n
  )
  WHERE cardinality(favorite_models) > 0;

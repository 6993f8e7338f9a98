-- Model requests (issue 23 item 6, docs/decisions/0111 and 0112): members request a model the
-- directory lacks, others upvote, admins accept, decline or merge. An accepted request holds the
-- draft model (description, category, pricing) until an admin publishes it into ai_models: a
-- draft is never an ai_models row, so no directory read can show it (decision 0111).
CREATE TABLE model_requests (
  id serial PRIMARY KEY,
  requester_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- normaliseModelName(name): lower-case letters and digits only; duplicates are found by it
  name_key text NOT NULL CHECK (length(name_key) >= 1),
  maker text NOT NULL CHECK (length(maker) BETWEEN 1 AND 100),
  link text NOT NULL CHECK (length(link) BETWEEN 1 AND 500),
  why text NOT NULL CHECK (length(why) BETWEEN 1 AND 2000),
  status text NOT NULL DEFAULT 'open',
  upvotes integer NOT NULL DEFAULT 0 CHECK (upvotes >= 0),
  decline_reason text,
  merged_into_id integer REFERENCES model_requests(id) ON DELETE SET NULL,
  draft_description text NOT NULL DEFAULT '',
  draft_category text,
  draft_pricing text,
  model_id integer REFERENCES ai_models(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT model_requests_status_check CHECK (status IN ('open', 'accepted', 'declined', 'merged'))
);
-- One open or accepted request per model name (a second one is refused as a duplicate).
CREATE UNIQUE INDEX model_requests_name_key_idx ON model_requests (name_key) WHERE status IN ('open', 'accepted');
-- The list's two orders, by keyset: newest (id) and most upvoted (upvotes, id).
CREATE INDEX model_requests_new_idx ON model_requests (status, id DESC);
CREATE INDEX model_requests_top_idx ON model_requests (status, upvotes DESC, id DESC);
CREATE INDEX model_requests_requester_idx ON model_requests (requester_id);
CREATE INDEX model_requests_merged_into_idx ON model_requests (merged_into_id) WHERE merged_into_id IS NOT NULL;
CREATE INDEX model_requests_model_idx ON model_requests (model_id) WHERE model_id IS NOT NULL;

CREATE TABLE model_request_upvotes (
  request_id integer NOT NULL REFERENCES model_requests(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, user_id)
);
CREATE INDEX model_request_upvotes_user_idx ON model_request_upvotes (user_id);

-- A request is refused when the directory already lists the model: found by the same key.
CREATE INDEX ai_models_name_key_idx ON ai_models ((regexp_replace(lower(name), '[^a-z0-9]+', '', 'g')));

-- The notices of a request's outcome are their own kind, with their own preferences.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
  CHECK (type IN ('follow', 'like', 'comment', 'reply', 'mention', 'generic', 'model_request'));
ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_type_check;
ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_type_check
  CHECK (type IN ('follow', 'like', 'comment', 'reply', 'mention', 'model_request'));

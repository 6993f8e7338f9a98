-- The Arena (issue 22, decisions 0094-0096): battles (one prompt, two directory models' answers),
-- blind votes (one per member per battle: the primary key), and the boards the recompute job stores.
CREATE TABLE arena_battles (
  id serial PRIMARY KEY,
  submitter_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  prompt text NOT NULL,
  category text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}'::text[],
  model_a_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  model_b_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
  response_a text NOT NULL,
  response_b text NOT NULL,
  version_a text NOT NULL DEFAULT '',
  version_b text NOT NULL DEFAULT '',
  used_on_a date NOT NULL,
  used_on_b date NOT NULL,
  vote_count integer NOT NULL DEFAULT 0,
  hidden_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT arena_battles_two_models_check CHECK (model_a_id <> model_b_id)
);
-- The next battle to serve: fewest votes first, among those shown.
CREATE INDEX arena_battles_serve_idx ON arena_battles (vote_count, id) WHERE hidden_at IS NULL;
CREATE INDEX arena_battles_submitter_idx ON arena_battles (submitter_id, id DESC);
CREATE INDEX arena_battles_model_a_idx ON arena_battles (model_a_id);
CREATE INDEX arena_battles_model_b_idx ON arena_battles (model_b_id);

CREATE TABLE arena_votes (
  battle_id integer NOT NULL REFERENCES arena_battles(id) ON DELETE CASCADE,
  voter_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  choice text NOT NULL CONSTRAINT arena_votes_choice_check CHECK (choice IN ('a', 'b', 'tie', 'bad')),
  -- The voter's generation when they voted: the per-generation boards read it without a join.
  voter_generation text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (battle_id, voter_id)
);
CREATE INDEX arena_votes_voter_idx ON arena_votes (voter_id, battle_id);

-- Every board (overall, per category, tag and generation; the agreement table), as the last
-- recompute left it: the public read is one primary-key lookup.
CREATE TABLE arena_results (
  view_key text PRIMARY KEY,
  computed_at timestamptz NOT NULL,
  payload jsonb NOT NULL
);

-- One recompute at a time across instances: a lease taken with a conditional update.
CREATE TABLE arena_recompute_lease (
  id integer PRIMARY KEY,
  locked_until timestamptz NOT NULL
);
INSERT INTO arena_recompute_lease (id, locked_until) VALUES (1, 'epoch');

-- Battles are reportable like posts (features/reports).
ALTER TABLE reports DROP CONSTRAINT reports_target_type_check;
ALTER TABLE reports ADD CONSTRAINT reports_target_type_check
  CHECK (target_type IN ('post', 'comment', 'thread', 'reply', 'prompt', 'battle', 'user'));

-- Blocking and muting (issue 21 item 2, docs/decisions/0092, 0093). A block works both ways: the
-- primary key finds whom a member blocked, blocks_blocked_idx who blocked them; both are read
-- together, once per member, into the small set their reads filter by.
CREATE TABLE blocks (
  blocker_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CONSTRAINT blocks_not_self CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id);

-- A member's mutes: a member, a thread or a forum by id, a hashtag by its lower-case text.
CREATE TABLE mutes (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  target text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, target),
  CONSTRAINT mutes_kind_check CHECK (kind IN ('member', 'thread', 'forum', 'hashtag'))
);

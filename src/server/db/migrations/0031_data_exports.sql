-- Data exports (issue 21 item 6, docs/decisions/0107): a member's request for a ZIP of their data,
-- prepared by a background job. The file lives under DATA_DIR/exports with a random name; the row
-- goes with the member (the account deletion also removes the files). data_exports_user_idx reads
-- a member's latest request; data_exports_pending_idx keeps one pending request per member (a
-- second request reuses it, even under concurrency); data_exports_expiry_idx finds files to sweep.
CREATE TABLE data_exports (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending',
  file_name text,
  size_bytes bigint,
  requested_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  expires_at timestamptz,
  CONSTRAINT data_exports_status_check CHECK (status IN ('pending', 'ready', 'failed', 'expired'))
);
CREATE INDEX data_exports_user_idx ON data_exports (user_id, id DESC);
CREATE UNIQUE INDEX data_exports_pending_idx ON data_exports (user_id) WHERE status = 'pending';
CREATE INDEX data_exports_expiry_idx ON data_exports (expires_at) WHERE status = 'ready';

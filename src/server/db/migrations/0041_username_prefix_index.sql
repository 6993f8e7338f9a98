-- Member search for a short term (decision 0151): a term without three letters or digits in a row
-- gives the trigram index nothing to look up ("%ai%" read every username: 430 ms at 100,000
-- members), so such a term finds the usernames that start with it, read from this index in order
-- (text_pattern_ops: a LIKE prefix whatever the database's collation).
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);

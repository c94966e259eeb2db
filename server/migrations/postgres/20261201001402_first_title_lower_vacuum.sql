-- no-transaction
-- The column added by `20261201001401_first_title_lower` rewrote the
-- summaries, which clears the visibility map: until a vacuum, every
-- index-only read of them (`summaries_keys`, a matched person's keys)
-- also reads the table, and a rewrite does not count towards autovacuum.
-- VACUUM cannot run in a transaction, so it has a migration of its own
-- (one statement: a string of several runs as one transaction). It does
-- not block reads or writes, and ANALYZE gives the planner the new
-- column's statistics for its LIKE.
VACUUM (ANALYZE) submission_summaries;

-- Nothing changes here: PostgreSQL's triggers (migration 20261121000004)
-- already refresh the admin summaries when a submission changes owner and
-- when an edition's year changes; this version brings SQLite's to the same
-- (the schema-parity test compares the two). The note keeps both folders'
-- versions in step.
COMMENT ON FUNCTION submissions_summary_trigger() IS
    'Refreshes the admin summary of the old and the new owner; SQLite''s triggers do the same.';

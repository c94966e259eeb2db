-- Issue 23 item 17, last goal: the admin table's search finds titles of
-- one edition (`db::dialect::pg_titles`). With the edition in the title's
-- trigram index (btree_gin, trusted as pg_trgm is: the database owner may
-- create it), the index hands over only that edition's matches: `q=tone`
-- rechecked 9,449 rows of both editions and kept 6,693; now it rechecks
-- those 6,693 (the page 31-32 ms against 22-26 ms in psql,
-- bench/README.md). A search with no edition can still use the index.
CREATE EXTENSION IF NOT EXISTS btree_gin;

DROP INDEX submission_summaries_title_trgm;
CREATE INDEX submission_summaries_title_trgm
    ON submission_summaries USING gin (edition_year, LOWER(first_title) gin_trgm_ops);

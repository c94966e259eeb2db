-- Issue 23 item 17, last goal: PostgreSQL keeps each first title
-- lower-cased, as the search and the sort by title read it. A search for
-- a word in titles lower-cased every title it rechecked and again each
-- match's sort key: about a fifth of `q=tone`'s statement at 100,000
-- users (6,693 matches). The column is generated, so the summaries'
-- functions (which insert by position) need no change, and the title's
-- trigram index moves onto it.
ALTER TABLE submission_summaries
    ADD COLUMN first_title_lower TEXT NOT NULL GENERATED ALWAYS AS (LOWER(first_title)) STORED;

DROP INDEX submission_summaries_title_trgm;
CREATE INDEX submission_summaries_title_trgm
    ON submission_summaries USING gin (edition_year, first_title_lower gin_trgm_ops);

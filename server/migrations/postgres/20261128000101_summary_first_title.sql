-- The summaries' `first_original_name` has held the first abstract's title,
-- not its file name, since 20261125000002; its name says so now. The rows
-- and the search index on it (`submission_summaries_name_trgm`) stay as
-- they are; the functions that fill the table (`refresh_submission_summary`,
-- `refresh_all_submission_summaries`) insert by position and name no column,
-- so a rename (which does not rewrite function bodies) leaves them right.

ALTER TABLE submission_summaries RENAME COLUMN first_original_name TO first_title;
ALTER INDEX submission_summaries_name_trgm RENAME TO submission_summaries_title_trgm;

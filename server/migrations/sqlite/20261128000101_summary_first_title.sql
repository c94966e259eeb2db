-- The summaries' `first_original_name` has held the first abstract's title,
-- not its file name, since 20261125000002; its name says so now. SQLite
-- rewrites the triggers that name it (the admin search's
-- `summaries_search_*`), so they keep copying the same value; the rows
-- stay as they are.

ALTER TABLE submission_summaries RENAME COLUMN first_original_name TO first_title;

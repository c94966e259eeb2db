-- Issue 23 item 17: a page of the admin table sorted by the first
-- abstract's title or upload time reads the users with a summary in the
-- order of these indexes (and those without one by e-mail), instead of
-- sorting every user (`admin::store::table::parts`). Titles compare by
-- code point, as the table sorts them.
CREATE INDEX summaries_uploaded_order ON submission_summaries (first_uploaded_at);
CREATE INDEX summaries_title_order ON submission_summaries ((LOWER(first_title) COLLATE "C"));

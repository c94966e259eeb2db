-- Issue 23 item 17, last goal: a search sorted by the first abstract's
-- title or upload time gives each match its sort key from this index
-- (an index-only scan), without reading the summary's row
-- (`admin::store::table::Reading::Keyed`).
CREATE INDEX summaries_keys ON submission_summaries (user_id, edition_year) INCLUDE (first_title, first_uploaded_at);

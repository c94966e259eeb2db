-- Issue 23 item 17, last goal: a search sorted by the first abstract's
-- title or upload time gives each match its sort key from this index
-- alone (`admin::store::table::Reading::Keyed`), without reading the
-- summary's row: 6,693 matches at 100,000 users cost about a third less.
CREATE INDEX summaries_keys ON submission_summaries (user_id, edition_year, first_title, first_uploaded_at);

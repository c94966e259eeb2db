-- The admin table names a user's first abstract by its title now, not by
-- its file name: the summaries (and so the table's column, its sort and
-- its search) take `submissions.title`. The column keeps its name
-- `first_original_name` so that the search index built on it stays as it
-- is. SQLite's triggers change the same way.

CREATE OR REPLACE FUNCTION refresh_submission_summary(target UUID) RETURNS void LANGUAGE sql AS $$
    SELECT pg_advisory_xact_lock(hashtextextended(target::text, 0));
    DELETE FROM submission_summaries WHERE user_id = target;
    INSERT INTO submission_summaries
    SELECT s.user_id, s.id, s.title, s.uploaded_at,
           (SELECT COUNT(*) FROM submissions c
            WHERE c.user_id = s.user_id AND c.edition_year = s.edition_year AND c.status <> 'withdrawn'),
           EXISTS (SELECT 1 FROM submissions a
                   WHERE a.user_id = s.user_id AND a.edition_year = s.edition_year AND a.status = 'accepted')
    FROM submissions s
    WHERE s.user_id = target AND s.edition_year = (SELECT MAX(year) FROM editions)
      AND s.status <> 'withdrawn' AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
    ORDER BY s.uploaded_at, s.id LIMIT 1;
$$;

CREATE OR REPLACE FUNCTION refresh_all_submission_summaries() RETURNS void LANGUAGE sql AS $$
    DELETE FROM submission_summaries;
    INSERT INTO submission_summaries
    SELECT user_id, id, title, uploaded_at, submission_count, accepted FROM (
        SELECT s.user_id, s.id, s.title, s.uploaded_at,
               ROW_NUMBER() OVER (PARTITION BY s.user_id ORDER BY s.uploaded_at, s.id) AS position,
               COUNT(*) OVER (PARTITION BY s.user_id) AS submission_count,
               BOOL_OR(s.status = 'accepted') OVER (PARTITION BY s.user_id) AS accepted
        FROM submissions s
        WHERE s.edition_year = (SELECT MAX(year) FROM editions) AND s.status <> 'withdrawn'
    ) firsts WHERE position = 1;
$$;

-- The rows already there.
SELECT refresh_all_submission_summaries();

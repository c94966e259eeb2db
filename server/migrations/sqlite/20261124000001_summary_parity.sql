-- The admin summaries follow the same changes as on PostgreSQL (found by the
-- schema-parity test): a submission that changes owner refreshes the old
-- owner's row as well as the new one's (the old trigger only deleted it),
-- and an edition whose year changes may change which one is current, so
-- every row is computed again (the old triggers ignored it).
DROP TRIGGER submissions_summary_update;

CREATE TRIGGER submissions_summary_update AFTER UPDATE ON submissions BEGIN
    DELETE FROM submission_summaries WHERE user_id IN (OLD.user_id, NEW.user_id);
    INSERT INTO submission_summaries
    SELECT s.user_id, s.id, s.original_name, s.uploaded_at,
           (SELECT COUNT(*) FROM submissions c
            WHERE c.user_id = s.user_id AND c.edition_year = s.edition_year AND c.status <> 'withdrawn'),
           EXISTS (SELECT 1 FROM submissions a
                   WHERE a.user_id = s.user_id AND a.edition_year = s.edition_year AND a.status = 'accepted')
    FROM submissions s
    WHERE s.user_id = NEW.user_id AND s.edition_year = (SELECT MAX(year) FROM editions)
      AND s.status <> 'withdrawn' AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
    ORDER BY s.uploaded_at, s.id LIMIT 1;
    INSERT INTO submission_summaries
    SELECT s.user_id, s.id, s.original_name, s.uploaded_at,
           (SELECT COUNT(*) FROM submissions c
            WHERE c.user_id = s.user_id AND c.edition_year = s.edition_year AND c.status <> 'withdrawn'),
           EXISTS (SELECT 1 FROM submissions a
                   WHERE a.user_id = s.user_id AND a.edition_year = s.edition_year AND a.status = 'accepted')
    FROM submissions s
    WHERE OLD.user_id <> NEW.user_id
      AND s.user_id = OLD.user_id AND s.edition_year = (SELECT MAX(year) FROM editions)
      AND s.status <> 'withdrawn' AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
    ORDER BY s.uploaded_at, s.id LIMIT 1;
END;

CREATE TRIGGER editions_summary_update AFTER UPDATE OF year ON editions BEGIN
    DELETE FROM submission_summaries;
    INSERT INTO submission_summaries
    SELECT user_id, id, original_name, uploaded_at, submission_count, accepted FROM (
        SELECT s.user_id, s.id, s.original_name, s.uploaded_at,
               ROW_NUMBER() OVER (PARTITION BY s.user_id ORDER BY s.uploaded_at, s.id) AS position,
               COUNT(*) OVER (PARTITION BY s.user_id) AS submission_count,
               MAX(CASE WHEN s.status = 'accepted' THEN 1 ELSE 0 END) OVER (PARTITION BY s.user_id) AS accepted
        FROM submissions s
        WHERE s.edition_year = (SELECT MAX(year) FROM editions) AND s.status <> 'withdrawn'
    ) WHERE position = 1;
END;

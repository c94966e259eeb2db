-- The admin table names a user's first abstract by its title now, not by
-- its file name: the summaries (and so the table's column, its sort and
-- its search) take `submissions.title`. The column keeps its name
-- `first_original_name` so that the search triggers and indexes built on it
-- stay as they are. PostgreSQL's functions change the same way.

DROP TRIGGER submissions_summary_insert;
CREATE TRIGGER submissions_summary_insert AFTER INSERT ON submissions BEGIN
    DELETE FROM submission_summaries WHERE user_id = NEW.user_id;
    INSERT INTO submission_summaries
    SELECT s.user_id, s.id, s.title, s.uploaded_at,
           (SELECT COUNT(*) FROM submissions c
            WHERE c.user_id = s.user_id AND c.edition_year = s.edition_year AND c.status <> 'withdrawn'),
           EXISTS (SELECT 1 FROM submissions a
                   WHERE a.user_id = s.user_id AND a.edition_year = s.edition_year AND a.status = 'accepted')
    FROM submissions s
    WHERE s.user_id = NEW.user_id AND s.edition_year = (SELECT MAX(year) FROM editions)
      AND s.status <> 'withdrawn' AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
    ORDER BY s.uploaded_at, s.id LIMIT 1;
END;

DROP TRIGGER submissions_summary_update;
CREATE TRIGGER submissions_summary_update AFTER UPDATE ON submissions BEGIN
    DELETE FROM submission_summaries WHERE user_id IN (OLD.user_id, NEW.user_id);
    INSERT INTO submission_summaries
    SELECT s.user_id, s.id, s.title, s.uploaded_at,
           (SELECT COUNT(*) FROM submissions c
            WHERE c.user_id = s.user_id AND c.edition_year = s.edition_year AND c.status <> 'withdrawn'),
           EXISTS (SELECT 1 FROM submissions a
                   WHERE a.user_id = s.user_id AND a.edition_year = s.edition_year AND a.status = 'accepted')
    FROM submissions s
    WHERE s.user_id = NEW.user_id AND s.edition_year = (SELECT MAX(year) FROM editions)
      AND s.status <> 'withdrawn' AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
    ORDER BY s.uploaded_at, s.id LIMIT 1;
    INSERT INTO submission_summaries
    SELECT s.user_id, s.id, s.title, s.uploaded_at,
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

DROP TRIGGER submissions_summary_delete;
CREATE TRIGGER submissions_summary_delete AFTER DELETE ON submissions BEGIN
    DELETE FROM submission_summaries WHERE user_id = OLD.user_id;
    INSERT INTO submission_summaries
    SELECT s.user_id, s.id, s.title, s.uploaded_at,
           (SELECT COUNT(*) FROM submissions c
            WHERE c.user_id = s.user_id AND c.edition_year = s.edition_year AND c.status <> 'withdrawn'),
           EXISTS (SELECT 1 FROM submissions a
                   WHERE a.user_id = s.user_id AND a.edition_year = s.edition_year AND a.status = 'accepted')
    FROM submissions s
    WHERE s.user_id = OLD.user_id AND s.edition_year = (SELECT MAX(year) FROM editions)
      AND s.status <> 'withdrawn' AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
    ORDER BY s.uploaded_at, s.id LIMIT 1;
END;

DROP TRIGGER editions_summary_insert;
CREATE TRIGGER editions_summary_insert AFTER INSERT ON editions BEGIN
    DELETE FROM submission_summaries;
    INSERT INTO submission_summaries
    SELECT user_id, id, title, uploaded_at, submission_count, accepted FROM (
        SELECT s.user_id, s.id, s.title, s.uploaded_at,
               ROW_NUMBER() OVER (PARTITION BY s.user_id ORDER BY s.uploaded_at, s.id) AS position,
               COUNT(*) OVER (PARTITION BY s.user_id) AS submission_count,
               MAX(CASE WHEN s.status = 'accepted' THEN 1 ELSE 0 END) OVER (PARTITION BY s.user_id) AS accepted
        FROM submissions s
        WHERE s.edition_year = (SELECT MAX(year) FROM editions) AND s.status <> 'withdrawn'
    ) WHERE position = 1;
END;

DROP TRIGGER editions_summary_delete;
CREATE TRIGGER editions_summary_delete AFTER DELETE ON editions BEGIN
    DELETE FROM submission_summaries;
    INSERT INTO submission_summaries
    SELECT user_id, id, title, uploaded_at, submission_count, accepted FROM (
        SELECT s.user_id, s.id, s.title, s.uploaded_at,
               ROW_NUMBER() OVER (PARTITION BY s.user_id ORDER BY s.uploaded_at, s.id) AS position,
               COUNT(*) OVER (PARTITION BY s.user_id) AS submission_count,
               MAX(CASE WHEN s.status = 'accepted' THEN 1 ELSE 0 END) OVER (PARTITION BY s.user_id) AS accepted
        FROM submissions s
        WHERE s.edition_year = (SELECT MAX(year) FROM editions) AND s.status <> 'withdrawn'
    ) WHERE position = 1;
END;

DROP TRIGGER editions_summary_update;
CREATE TRIGGER editions_summary_update AFTER UPDATE OF year ON editions BEGIN
    DELETE FROM submission_summaries;
    INSERT INTO submission_summaries
    SELECT user_id, id, title, uploaded_at, submission_count, accepted FROM (
        SELECT s.user_id, s.id, s.title, s.uploaded_at,
               ROW_NUMBER() OVER (PARTITION BY s.user_id ORDER BY s.uploaded_at, s.id) AS position,
               COUNT(*) OVER (PARTITION BY s.user_id) AS submission_count,
               MAX(CASE WHEN s.status = 'accepted' THEN 1 ELSE 0 END) OVER (PARTITION BY s.user_id) AS accepted
        FROM submissions s
        WHERE s.edition_year = (SELECT MAX(year) FROM editions) AND s.status <> 'withdrawn'
    ) WHERE position = 1;
END;

-- The rows already there.
DELETE FROM submission_summaries;
INSERT INTO submission_summaries
SELECT user_id, id, title, uploaded_at, submission_count, accepted FROM (
    SELECT s.user_id, s.id, s.title, s.uploaded_at,
           ROW_NUMBER() OVER (PARTITION BY s.user_id ORDER BY s.uploaded_at, s.id) AS position,
           COUNT(*) OVER (PARTITION BY s.user_id) AS submission_count,
           MAX(CASE WHEN s.status = 'accepted' THEN 1 ELSE 0 END) OVER (PARTITION BY s.user_id) AS accepted
    FROM submissions s
    WHERE s.edition_year = (SELECT MAX(year) FROM editions) AND s.status <> 'withdrawn'
) WHERE position = 1;

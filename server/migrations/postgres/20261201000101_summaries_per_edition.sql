-- Issue 25 item 1: the admin table shows any edition, not only the newest.
--
-- `submission_summaries` held one row per user for the newest edition
-- (`MAX(year)`), and creating, renaming or deleting an edition rebuilt the
-- whole table: once SCULC 2026 existed, 2025's applicants and presenters
-- read "No". It now holds one row per user and edition they submitted to,
-- kept by the same trigger for every edition, so an earlier edition reads
-- through the same indexes as the current one and a new edition changes no
-- row (the trigger on `editions` is gone).
--
-- What a summary row is, is written once, in the view `first_submissions`
-- (every user's first abstract per edition, withdrawn ones aside);
-- `refresh_submission_summary` copies one pair's row of it. SQLite's
-- migration changes the same way.
--
-- The attendance views read the current edition (`current_acceptances`);
-- `attendance_tallies` and `attendance_counts` now carry `edition_year`
-- for every edition, so the table reads any edition's counts.

DROP TRIGGER editions_summary ON editions;
DROP FUNCTION editions_summary_trigger();
DROP FUNCTION refresh_all_submission_summaries();
DROP TRIGGER submissions_summary ON submissions;
DROP FUNCTION submissions_summary_trigger();
DROP FUNCTION refresh_submission_summary(UUID);
-- Takes its indexes with it; `users_summary_trigger` (a user's rows go
-- with the account) names it by name and stays.
DROP TABLE submission_summaries;

CREATE TABLE submission_summaries (
    user_id UUID NOT NULL,
    edition_year INTEGER NOT NULL,
    first_submission_id UUID NOT NULL,
    first_title TEXT NOT NULL,
    first_uploaded_at TIMESTAMPTZ NOT NULL,
    submission_count BIGINT NOT NULL,
    accepted BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, edition_year)
);
-- The table's sorts by a summary column, within the chosen edition
-- (`admin::store::table::parts`); titles compare by code point.
CREATE INDEX summaries_uploaded_order ON submission_summaries (edition_year, first_uploaded_at);
CREATE INDEX summaries_title_order ON submission_summaries (edition_year, (LOWER(first_title) COLLATE "C"));
-- The search's title lookup (migration 20261123000004_admin_search).
CREATE INDEX submission_summaries_title_trgm ON submission_summaries USING gin (LOWER(first_title) gin_trgm_ops);

-- Per user and edition: the first abstract (earliest upload), how many
-- they have and whether one is accepted; no row for a user being deleted.
CREATE VIEW first_submissions AS
SELECT s.user_id, s.edition_year, s.id AS first_submission_id, s.title AS first_title,
       s.uploaded_at AS first_uploaded_at,
       (SELECT COUNT(*) FROM submissions c
        WHERE c.user_id = s.user_id AND c.edition_year = s.edition_year AND c.status <> 'withdrawn')
           AS submission_count,
       EXISTS (SELECT 1 FROM submissions a
               WHERE a.user_id = s.user_id AND a.edition_year = s.edition_year AND a.status = 'accepted')
           AS accepted
FROM submissions s
WHERE s.status <> 'withdrawn' AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
  AND s.id = (SELECT f.id FROM submissions f
              WHERE f.user_id = s.user_id AND f.edition_year = s.edition_year AND f.status <> 'withdrawn'
              ORDER BY f.uploaded_at, f.id LIMIT 1);

-- One pair's row again. The advisory lock (per user, as before) makes two
-- transactions changing the same user's submissions (two uploads at once)
-- take turns, and each statement of a volatile function sees what the
-- other committed, so the row always counts both.
CREATE FUNCTION refresh_submission_summary(target UUID, in_year INTEGER) RETURNS void LANGUAGE sql AS $$
    SELECT pg_advisory_xact_lock(hashtextextended(target::text, 0));
    DELETE FROM submission_summaries WHERE user_id = target AND edition_year = in_year;
    INSERT INTO submission_summaries
    SELECT * FROM first_submissions WHERE user_id = target AND edition_year = in_year;
$$;

-- The pair before and the pair after (a submission may change owner or
-- edition; then both rows change).
CREATE FUNCTION submissions_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM refresh_submission_summary(OLD.user_id, OLD.edition_year);
    END IF;
    IF TG_OP = 'INSERT'
       OR (TG_OP = 'UPDATE' AND (NEW.user_id <> OLD.user_id OR NEW.edition_year <> OLD.edition_year)) THEN
        PERFORM refresh_submission_summary(NEW.user_id, NEW.edition_year);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER submissions_summary AFTER INSERT OR UPDATE OR DELETE ON submissions
    FOR EACH ROW EXECUTE FUNCTION submissions_summary_trigger();

-- Every edition's accepted submissions, counted per column; the table sums
-- a page's people's rows of the chosen edition. `attendance_counts` (the
-- sums) follows.
DROP VIEW attendance_counts;
DROP VIEW attendance_tallies;
CREATE VIEW attendance_tallies AS
SELECT a.submission_id, a.user_id, a.edition_year,
       1 AS accepted,
       CASE WHEN p.pending = 'not_confirmed' THEN 1 ELSE 0 END AS unanswered,
       CASE WHEN a.response = 'confirmed' THEN 1 ELSE 0 END AS confirmed,
       CASE WHEN a.response = 'declined' THEN 1 ELSE 0 END AS declined,
       CASE WHEN a.format = 'talk' THEN 1 ELSE 0 END AS format_talk,
       CASE WHEN a.format = 'poster' THEN 1 ELSE 0 END AS format_poster,
       CASE WHEN a.format = 'both' THEN 1 ELSE 0 END AS format_both,
       CASE WHEN a.mode = 'in_person' THEN 1 ELSE 0 END AS mode_in_person,
       CASE WHEN a.mode = 'virtual' THEN 1 ELSE 0 END AS mode_virtual,
       CASE WHEN p.pending = 'without_materials' THEN 1 ELSE 0 END AS without_materials
FROM acceptance_states a LEFT JOIN attendance_pending p ON p.submission_id = a.submission_id;

CREATE VIEW attendance_counts AS
SELECT edition_year, user_id,
       SUM(accepted) AS accepted, SUM(unanswered) AS unanswered, SUM(confirmed) AS confirmed,
       SUM(declined) AS declined, SUM(format_talk) AS format_talk, SUM(format_poster) AS format_poster,
       SUM(format_both) AS format_both, SUM(mode_in_person) AS mode_in_person,
       SUM(mode_virtual) AS mode_virtual, SUM(without_materials) AS without_materials
FROM attendance_tallies
GROUP BY edition_year, user_id;

-- The rows already there, every edition's.
INSERT INTO submission_summaries SELECT * FROM first_submissions;

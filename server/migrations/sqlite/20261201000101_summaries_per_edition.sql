-- Issue 25 item 1: the admin table shows any edition, not only the newest.
--
-- `submission_summaries` held one row per user for the newest edition
-- (`MAX(year)`), and creating, renaming or deleting an edition rebuilt the
-- whole table: once SCULC 2026 existed, 2025's applicants and presenters
-- read "No". It now holds one row per user and edition they submitted to,
-- kept by the same triggers for every edition, so an earlier edition reads
-- through the same indexes as the current one and a new edition changes no
-- row (the triggers on `editions` are gone).
--
-- What a summary row is, is written once, in the view `first_submissions`
-- (every user's first abstract per edition, withdrawn ones aside); the
-- triggers copy the written pair's row of it.
--
-- The admin search's copy of the searched text (`user_search`) held the
-- current summary's title beside the name and e-mail; titles are per
-- edition now, so they have a copy and trigram index of their own
-- (`summary_search`), and `user_search` keeps the person's own text.
--
-- The attendance views read the current edition (`current_acceptances`);
-- `attendance_tallies` and `attendance_counts` now carry `edition_year`
-- for every edition, so the table reads any edition's counts.

DROP TRIGGER submissions_summary_insert;
DROP TRIGGER submissions_summary_update;
DROP TRIGGER submissions_summary_delete;
DROP TRIGGER editions_summary_insert;
DROP TRIGGER editions_summary_delete;
DROP TRIGGER editions_summary_update;
DROP TRIGGER users_search_insert;
DROP TRIGGER users_search_update;
DROP TRIGGER users_search_delete;
DROP TRIGGER user_search_index_insert;
DROP TRIGGER user_search_index_delete;
DROP TRIGGER user_search_index_update;
DROP TABLE user_search_index;
DROP TABLE user_search;
-- Takes its indexes and the `summaries_search_*` triggers with it;
-- `users_summary_delete` (a user's rows go with the account) names it by
-- name and stays.
DROP TABLE submission_summaries;

CREATE TABLE submission_summaries (
    user_id BLOB NOT NULL,
    edition_year INTEGER NOT NULL,
    first_submission_id BLOB NOT NULL,
    first_title TEXT NOT NULL,
    first_uploaded_at TEXT NOT NULL,
    submission_count INTEGER NOT NULL,
    accepted BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, edition_year)
);
-- The table's sorts by a summary column, within the chosen edition
-- (`admin::store::table::parts`).
CREATE INDEX summaries_uploaded_order ON submission_summaries (edition_year, first_uploaded_at);
CREATE INDEX summaries_title_order ON submission_summaries (edition_year, LOWER(first_title));

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

CREATE TRIGGER submissions_summary_insert AFTER INSERT ON submissions BEGIN
    DELETE FROM submission_summaries WHERE user_id = NEW.user_id AND edition_year = NEW.edition_year;
    INSERT INTO submission_summaries
    SELECT * FROM first_submissions WHERE user_id = NEW.user_id AND edition_year = NEW.edition_year;
END;

-- The pair before and the pair after (a submission may change owner or
-- edition; then both rows change).
CREATE TRIGGER submissions_summary_update AFTER UPDATE ON submissions BEGIN
    DELETE FROM submission_summaries WHERE user_id = OLD.user_id AND edition_year = OLD.edition_year;
    DELETE FROM submission_summaries WHERE user_id = NEW.user_id AND edition_year = NEW.edition_year;
    INSERT INTO submission_summaries
    SELECT * FROM first_submissions WHERE user_id = NEW.user_id AND edition_year = NEW.edition_year;
    INSERT INTO submission_summaries
    SELECT * FROM first_submissions WHERE user_id = OLD.user_id AND edition_year = OLD.edition_year
      AND (OLD.user_id <> NEW.user_id OR OLD.edition_year <> NEW.edition_year);
END;

CREATE TRIGGER submissions_summary_delete AFTER DELETE ON submissions BEGIN
    DELETE FROM submission_summaries WHERE user_id = OLD.user_id AND edition_year = OLD.edition_year;
    INSERT INTO submission_summaries
    SELECT * FROM first_submissions WHERE user_id = OLD.user_id AND edition_year = OLD.edition_year;
END;

-- The search's copies (FTS5's external-content recipe, as before): a
-- person's name and e-mail, and each summary's title with its edition.
CREATE TABLE user_search (
    search_key INTEGER PRIMARY KEY,
    user_id BLOB NOT NULL UNIQUE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL
);
CREATE VIRTUAL TABLE user_search_index USING fts5(
    first_name, last_name, email, content = 'user_search', content_rowid = 'search_key', tokenize = 'trigram'
);
CREATE TRIGGER user_search_index_insert AFTER INSERT ON user_search BEGIN
    INSERT INTO user_search_index (rowid, first_name, last_name, email)
    VALUES (NEW.search_key, NEW.first_name, NEW.last_name, NEW.email);
END;
CREATE TRIGGER user_search_index_delete AFTER DELETE ON user_search BEGIN
    INSERT INTO user_search_index (user_search_index, rowid, first_name, last_name, email)
    VALUES ('delete', OLD.search_key, OLD.first_name, OLD.last_name, OLD.email);
END;
CREATE TRIGGER user_search_index_update AFTER UPDATE ON user_search BEGIN
    INSERT INTO user_search_index (user_search_index, rowid, first_name, last_name, email)
    VALUES ('delete', OLD.search_key, OLD.first_name, OLD.last_name, OLD.email);
    INSERT INTO user_search_index (rowid, first_name, last_name, email)
    VALUES (NEW.search_key, NEW.first_name, NEW.last_name, NEW.email);
END;
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO user_search (user_id, first_name, last_name, email)
    VALUES (NEW.id, NEW.first_name, NEW.last_name, NEW.email);
END;
CREATE TRIGGER users_search_update AFTER UPDATE OF first_name, last_name, email ON users BEGIN
    UPDATE user_search SET first_name = NEW.first_name, last_name = NEW.last_name, email = NEW.email
    WHERE user_id = NEW.id;
END;
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    DELETE FROM user_search WHERE user_id = OLD.id;
END;

CREATE TABLE summary_search (
    search_key INTEGER PRIMARY KEY,
    user_id BLOB NOT NULL,
    edition_year INTEGER NOT NULL,
    title TEXT NOT NULL,
    UNIQUE (user_id, edition_year)
);
CREATE VIRTUAL TABLE summary_search_index USING fts5(
    title, content = 'summary_search', content_rowid = 'search_key', tokenize = 'trigram'
);
CREATE TRIGGER summary_search_index_insert AFTER INSERT ON summary_search BEGIN
    INSERT INTO summary_search_index (rowid, title) VALUES (NEW.search_key, NEW.title);
END;
CREATE TRIGGER summary_search_index_delete AFTER DELETE ON summary_search BEGIN
    INSERT INTO summary_search_index (summary_search_index, rowid, title) VALUES ('delete', OLD.search_key, OLD.title);
END;
-- Summaries are replaced (deleted, then inserted) on every change.
CREATE TRIGGER summaries_search_insert AFTER INSERT ON submission_summaries BEGIN
    INSERT INTO summary_search (user_id, edition_year, title)
    VALUES (NEW.user_id, NEW.edition_year, NEW.first_title);
END;
CREATE TRIGGER summaries_search_delete AFTER DELETE ON submission_summaries BEGIN
    DELETE FROM summary_search WHERE user_id = OLD.user_id AND edition_year = OLD.edition_year;
END;

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
INSERT INTO user_search (user_id, first_name, last_name, email)
SELECT id, first_name, last_name, email FROM users;

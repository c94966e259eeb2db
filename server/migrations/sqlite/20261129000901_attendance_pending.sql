-- Issue 23 item 17: the admin table's attendance filters at 100,000 users.
--
-- `current_acceptances.pending` was computed on every read: the filters
-- ("not confirmed", "without materials") decided it for each of the
-- edition's accepted submissions (about 15,000 at 100,000 users, a NOT
-- EXISTS on the final materials each) before keeping the few on the page,
-- 50-75 ms a request. `attendance_pending` keeps it, one row per accepted
-- submission that is pending, written by triggers in the same transaction
-- as every write that can change it: a submission written or decided, an
-- answer given, changed or removed, a final material uploaded, replaced or
-- removed (a deleted submission takes its row with it, by its foreign key).
-- A filter reads the edition's rows of one kind through its index.
--
-- What counts as pending is written once, in the view `acceptance_states`
-- (any edition: a row does not depend on which edition is current, so a
-- new edition changes none); the triggers copy a submission's row of it,
-- and `current_acceptances` (the current edition's) reads the kept value,
-- so the table's filters, its reminder button and the automatic reminders
-- read the same rows.
CREATE TABLE attendance_pending (
    submission_id BLOB PRIMARY KEY NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    user_id BLOB NOT NULL,
    edition_year INTEGER NOT NULL,
    pending TEXT NOT NULL CHECK (pending IN ('not_confirmed', 'without_materials'))
);
CREATE INDEX attendance_pending_people ON attendance_pending (edition_year, pending, user_id);

-- Every accepted submission with its author's answer, if any, and what its
-- author has yet to do: answer ('not_confirmed'; declining is an answer),
-- or, having confirmed, upload a current final material
-- ('without_materials'); NULL when nothing.
CREATE VIEW acceptance_states AS
SELECT s.id AS submission_id, s.user_id, s.edition_year, ans.response, ans.format, ans.mode,
       CASE
           WHEN ans.submission_id IS NULL THEN 'not_confirmed'
           WHEN ans.response = 'confirmed' AND NOT EXISTS (
               SELECT 1 FROM final_materials f WHERE f.submission_id = s.id AND f.replaced_at IS NULL
           ) THEN 'without_materials'
       END AS pending
FROM submissions s LEFT JOIN attendance ans ON ans.submission_id = s.id
WHERE s.status = 'accepted';

-- The same columns as before, the current edition's; `pending` is the kept
-- value. (attendance_tallies, and through it attendance_counts, read this
-- view by name, so they follow.)
DROP VIEW current_acceptances;
CREATE VIEW current_acceptances AS
SELECT a.submission_id, a.user_id, a.response, a.format, a.mode, p.pending
FROM acceptance_states a LEFT JOIN attendance_pending p ON p.submission_id = a.submission_id
WHERE a.edition_year = (SELECT MAX(year) FROM editions);

-- Each trigger replaces the written submission's row.
CREATE TRIGGER submissions_keep_pending_insert AFTER INSERT ON submissions BEGIN
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id = NEW.id AND pending IS NOT NULL;
END;

CREATE TRIGGER submissions_keep_pending_update AFTER UPDATE OF status, user_id, edition_year ON submissions BEGIN
    DELETE FROM attendance_pending WHERE submission_id = NEW.id;
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id = NEW.id AND pending IS NOT NULL;
END;

CREATE TRIGGER attendance_keeps_pending_insert AFTER INSERT ON attendance BEGIN
    DELETE FROM attendance_pending WHERE submission_id = NEW.submission_id;
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id = NEW.submission_id AND pending IS NOT NULL;
END;

CREATE TRIGGER attendance_keeps_pending_update AFTER UPDATE ON attendance BEGIN
    DELETE FROM attendance_pending WHERE submission_id IN (OLD.submission_id, NEW.submission_id);
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id IN (OLD.submission_id, NEW.submission_id) AND pending IS NOT NULL;
END;

CREATE TRIGGER attendance_keeps_pending_delete AFTER DELETE ON attendance BEGIN
    DELETE FROM attendance_pending WHERE submission_id = OLD.submission_id;
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id = OLD.submission_id AND pending IS NOT NULL;
END;

CREATE TRIGGER final_materials_keep_pending_insert AFTER INSERT ON final_materials BEGIN
    DELETE FROM attendance_pending WHERE submission_id = NEW.submission_id;
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id = NEW.submission_id AND pending IS NOT NULL;
END;

CREATE TRIGGER final_materials_keep_pending_update AFTER UPDATE ON final_materials BEGIN
    DELETE FROM attendance_pending WHERE submission_id IN (OLD.submission_id, NEW.submission_id);
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id IN (OLD.submission_id, NEW.submission_id) AND pending IS NOT NULL;
END;

CREATE TRIGGER final_materials_keep_pending_delete AFTER DELETE ON final_materials BEGIN
    DELETE FROM attendance_pending WHERE submission_id = OLD.submission_id;
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id = OLD.submission_id AND pending IS NOT NULL;
END;

-- The submissions already there.
INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
SELECT submission_id, user_id, edition_year, pending FROM acceptance_states WHERE pending IS NOT NULL;

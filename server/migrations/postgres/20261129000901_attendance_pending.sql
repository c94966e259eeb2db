-- Issue 23 item 17: the admin table's attendance filters at 100,000 users.
--
-- `current_acceptances.pending` was computed on every read: the filters
-- ("not confirmed", "without materials") decided it for each of the
-- edition's accepted submissions (about 15,000 at 100,000 users, a NOT
-- EXISTS on the final materials each) before keeping the few on the page,
-- 50-100 ms a request. `attendance_pending` keeps it, one row per accepted
-- submission that is pending, written by triggers in the same transaction
-- as every write that can change it: a submission written or decided, an
-- answer given, changed or removed, a final material uploaded, replaced or
-- removed (a deleted submission takes its row with it, by its foreign key).
-- A filter reads the edition's rows of one kind through its index.
--
-- What counts as pending is written once, in the view `acceptance_states`
-- (any edition: a row does not depend on which edition is current, so a
-- new edition changes none); `refresh_attendance_pending` copies a
-- submission's row of it, and `current_acceptances` (the current
-- edition's) reads the kept value, so the table's filters, its reminder
-- button and the automatic reminders read the same rows.
CREATE TABLE attendance_pending (
    submission_id UUID PRIMARY KEY NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    user_id UUID NOT NULL,
    edition_year INTEGER NOT NULL,
    pending TEXT NOT NULL CHECK (pending IN ('not_confirmed', 'without_materials'))
);
CREATE INDEX attendance_pending_people ON attendance_pending (edition_year, pending, user_id);

-- Every accepted submission with its author's answer, if any, and what its
-- author has yet to do: answer ('not_confirmed'; declining is an answer),
-- or, having confirmed, upload a current final material
-- ('without_materials'); NULL when nothing. The materials are counted
-- rather than tested with NOT EXISTS: PostgreSQL turns an EXISTS inside an
-- expression into a hashed list of every current material, which each
-- trigger call would build (SQLite's view reads the submission's own).
CREATE VIEW acceptance_states AS
SELECT s.id AS submission_id, s.user_id, s.edition_year, ans.response, ans.format, ans.mode,
       CASE
           WHEN ans.submission_id IS NULL THEN 'not_confirmed'
           WHEN ans.response = 'confirmed' AND (
               SELECT COUNT(*) FROM final_materials f WHERE f.submission_id = s.id AND f.replaced_at IS NULL
           ) = 0 THEN 'without_materials'
       END AS pending
FROM submissions s LEFT JOIN attendance ans ON ans.submission_id = s.id
WHERE s.status = 'accepted';

-- The same columns as before, the current edition's; `pending` is the kept
-- value (attendance_tallies and attendance_counts read this view).
CREATE OR REPLACE VIEW current_acceptances AS
SELECT a.submission_id, a.user_id, a.response, a.format, a.mode, p.pending
FROM acceptance_states a LEFT JOIN attendance_pending p ON p.submission_id = a.submission_id
WHERE a.edition_year = (SELECT MAX(year) FROM editions);

-- One submission's row again. The advisory lock (another key space than
-- the summaries' per-user lock) makes two transactions changing the same
-- submission's answer and materials at once take turns, so neither
-- inserts a row the other has just inserted.
CREATE FUNCTION refresh_attendance_pending(target UUID) RETURNS void LANGUAGE sql AS $$
    SELECT pg_advisory_xact_lock(hashtextextended(target::text, 1));
    DELETE FROM attendance_pending WHERE submission_id = target;
    INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
    SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
    WHERE submission_id = target AND pending IS NOT NULL;
$$;

CREATE FUNCTION submissions_pending_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM refresh_attendance_pending(NEW.id);
    RETURN NULL;
END;
$$;

CREATE TRIGGER submissions_keep_pending AFTER INSERT OR UPDATE OF status, user_id, edition_year ON submissions
    FOR EACH ROW EXECUTE FUNCTION submissions_pending_trigger();

-- An answer or a final material: the submission it belongs to (before and
-- after, should a row ever move).
CREATE FUNCTION attendance_pending_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM refresh_attendance_pending(OLD.submission_id);
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.submission_id <> OLD.submission_id) THEN
        PERFORM refresh_attendance_pending(NEW.submission_id);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER attendance_keeps_pending AFTER INSERT OR UPDATE OR DELETE ON attendance
    FOR EACH ROW EXECUTE FUNCTION attendance_pending_trigger();

CREATE TRIGGER final_materials_keep_pending AFTER INSERT OR UPDATE OR DELETE ON final_materials
    FOR EACH ROW EXECUTE FUNCTION attendance_pending_trigger();

-- The submissions already there.
INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
SELECT submission_id, user_id, edition_year, pending FROM acceptance_states WHERE pending IS NOT NULL;

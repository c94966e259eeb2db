-- Issue 23 item 17: every write to `submissions` and `users` finds the rows
-- its triggers and foreign keys touch through an index that starts with the
-- written row's own key, so its cost does not grow with the tables.
--
-- The admin summary's "has an accepted submission" test
-- (`refresh_submission_summary`, `a.user_id = … AND a.edition_year = … AND
-- a.status = 'accepted'`) could be answered by (user_id, edition_year) or by
-- (edition_year, status); SQLite's planner took the second and read every
-- accepted submission of the edition on each write. PostgreSQL chose well
-- from its statistics, but the same schema on both leaves no choice: one
-- index on all three columns serves that test, the count beside it and
-- every lookup of (user_id, edition_year) before, so it replaces the
-- two-column one.
DROP INDEX submissions_user_edition;
CREATE INDEX submissions_user_edition_status ON submissions (user_id, edition_year, status);

-- Deleting a submission or an account checks or cascades to the rows that
-- refer to it; PostgreSQL indexes no referring column by itself, and without
-- an index led by it each such delete reads the whole referring table.
-- (`final_materials_current` is partial: it holds only current files.)
CREATE INDEX final_materials_submission ON final_materials (submission_id);
CREATE INDEX audit_log_actor ON audit_log (actor_id);
CREATE INDEX deadline_reminders_user ON deadline_reminders (user_id);
CREATE INDEX program_publications_published_by ON program_publications (published_by);

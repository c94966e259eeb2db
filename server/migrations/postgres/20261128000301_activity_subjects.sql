-- The submissions an activity log entry is about, where the entry names who
-- reviews them (assignments, withdrawals, reviews submitted, abstentions).
-- An admin who is an author of one of them is not shown the entry: another
-- admin decides on their submission and sees who reviews it.
-- No foreign key to submissions: the log outlives a deleted submission.
CREATE TABLE audit_subjects (
    entry_id UUID NOT NULL REFERENCES audit_log (id) ON DELETE CASCADE,
    submission_id UUID NOT NULL,
    PRIMARY KEY (entry_id, submission_id)
);
CREATE INDEX audit_subjects_submission ON audit_subjects (submission_id);

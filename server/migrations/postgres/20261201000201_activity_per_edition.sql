-- The edition an activity log entry is about (issue 25 item 1), so the log
-- can be read per edition. Written with the entry: the edition of the
-- submissions it is about, else the edition its summary names ("SCULC
-- 2025") for the actions about an edition's things. NULL: about no edition
-- (roles, the site's content, templates, e-mail retries, conflicts).
ALTER TABLE audit_log ADD COLUMN edition_year INTEGER;

-- The entries written before: the same rule, from what they stored.
UPDATE audit_log SET edition_year = (
    SELECT MAX(s.edition_year) FROM audit_subjects a JOIN submissions s ON s.id = a.submission_id
    WHERE a.entry_id = audit_log.id
);
UPDATE audit_log
SET edition_year = CAST(substring(summary FROM 'SCULC ([0-9]{4})') AS INTEGER)
WHERE edition_year IS NULL
  AND (action LIKE 'submission.%' OR action LIKE 'edition.%' OR action LIKE 'program.%'
       OR action IN ('review.settings_changed', 'decision.threshold', 'attendance.reminded'))
  AND summary ~ 'SCULC [0-9]{4}';

CREATE INDEX audit_log_edition ON audit_log (edition_year, at, id);

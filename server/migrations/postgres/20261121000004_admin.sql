-- Admin work: the activity log, the decision e-mails' templates, and the
-- indexes the admin table needs to stay fast at 10,000 users.

-- Every admin action (and the command line's grant/revoke). The actor's
-- address and name are copied in, so an entry still reads the same after the
-- account changes or is gone; actor_id is NULL for the command line.
CREATE TABLE audit_log (
    id UUID PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL,
    actor_id UUID REFERENCES users (id) ON DELETE SET NULL,
    actor_email TEXT NOT NULL,
    actor_name TEXT NOT NULL,
    action TEXT NOT NULL,
    summary TEXT NOT NULL
);
-- Newest first is the only order read; ids are time-ordered UUIDv7.
CREATE INDEX audit_log_at ON audit_log (at, id);

-- The e-mails an author gets when a submission is accepted or rejected.
-- Placeholders in braces are filled in when the e-mail is written.
CREATE TABLE mail_templates (
    kind TEXT PRIMARY KEY CHECK (kind IN ('acceptance', 'rejection')),
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    updated_at TIMESTAMPTZ
);

INSERT INTO mail_templates (kind, subject, body) VALUES
('acceptance', 'Your abstract for SCULC {year} has been accepted',
'Dear {first_name} {last_name},

Congratulations! Your abstract "{abstract_name}" has been accepted for presentation at SCULC {year}.

Next steps:

1. Confirm your attendance by {confirm_by} using this form: {confirmation_form_url}
   If you need more time (for example, to seek funding), write to {contact_email}.
2. Prepare a 15-minute talk followed by 5 minutes of questions. You may present in a presentation session, a poster session or both; a virtual option over video call is available.
3. Send your final materials by {final_materials_by} by e-mail to {contact_email}.

The details are on your congratulations page: {site_url}/sculc/congratulations-page

We look forward to seeing you.

Undergraduate Linguistics Society
'),
('rejection', 'Your abstract for SCULC {year}',
'Dear {first_name} {last_name},

Thank you for submitting your abstract "{abstract_name}" to SCULC {year}. We received many strong submissions, and we regret that we cannot offer yours a place in this year''s program.

We hope to see you at the conference all the same, and we encourage you to submit again next year. If you have questions, write to {contact_email}.

Undergraduate Linguistics Society
');

-- The admin table at scale: per user, the current edition's first abstract
-- (earliest upload, withdrawn ones aside), how many they have and whether
-- one is accepted. Deriving this for 10,000 users on every page view costs
-- ~100 ms; kept here by triggers, in the same transaction as the change, it
-- costs a primary-key lookup. Users without a current submission have no row.
CREATE TABLE submission_summaries (
    user_id UUID PRIMARY KEY,
    first_submission_id UUID NOT NULL,
    first_original_name TEXT NOT NULL,
    first_uploaded_at TIMESTAMPTZ NOT NULL,
    submission_count BIGINT NOT NULL,
    accepted BOOLEAN NOT NULL
);

-- One user's row again. The advisory lock makes two transactions changing
-- the same user's submissions (two uploads at once) take turns, and each
-- statement of a volatile function sees what the other committed, so the
-- row always counts both.
CREATE FUNCTION refresh_submission_summary(target UUID) RETURNS void LANGUAGE sql AS $$
    SELECT pg_advisory_xact_lock(hashtextextended(target::text, 0));
    DELETE FROM submission_summaries WHERE user_id = target;
    INSERT INTO submission_summaries
    SELECT s.user_id, s.id, s.original_name, s.uploaded_at,
           (SELECT COUNT(*) FROM submissions c
            WHERE c.user_id = s.user_id AND c.edition_year = s.edition_year AND c.status <> 'withdrawn'),
           EXISTS (SELECT 1 FROM submissions a
                   WHERE a.user_id = s.user_id AND a.edition_year = s.edition_year AND a.status = 'accepted')
    FROM submissions s
    WHERE s.user_id = target AND s.edition_year = (SELECT MAX(year) FROM editions)
      AND s.status <> 'withdrawn' AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
    ORDER BY s.uploaded_at, s.id LIMIT 1;
$$;

CREATE FUNCTION refresh_all_submission_summaries() RETURNS void LANGUAGE sql AS $$
    DELETE FROM submission_summaries;
    INSERT INTO submission_summaries
    SELECT user_id, id, original_name, uploaded_at, submission_count, accepted FROM (
        SELECT s.user_id, s.id, s.original_name, s.uploaded_at,
               ROW_NUMBER() OVER (PARTITION BY s.user_id ORDER BY s.uploaded_at, s.id) AS position,
               COUNT(*) OVER (PARTITION BY s.user_id) AS submission_count,
               BOOL_OR(s.status = 'accepted') OVER (PARTITION BY s.user_id) AS accepted
        FROM submissions s
        WHERE s.edition_year = (SELECT MAX(year) FROM editions) AND s.status <> 'withdrawn'
    ) firsts WHERE position = 1;
$$;

CREATE FUNCTION submissions_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM refresh_submission_summary(OLD.user_id);
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id) THEN
        PERFORM refresh_submission_summary(NEW.user_id);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER submissions_summary AFTER INSERT OR UPDATE OR DELETE ON submissions
    FOR EACH ROW EXECUTE FUNCTION submissions_summary_trigger();

CREATE FUNCTION users_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM submission_summaries WHERE user_id = OLD.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER users_summary AFTER DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_summary_trigger();

-- A new (or removed) edition changes which one is current: every row again.
CREATE FUNCTION editions_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM refresh_all_submission_summaries();
    RETURN NULL;
END;
$$;

CREATE TRIGGER editions_summary AFTER INSERT OR DELETE OR UPDATE OF year ON editions
    FOR EACH STATEMENT EXECUTE FUNCTION editions_summary_trigger();

-- The submissions already there.
SELECT refresh_all_submission_summaries();

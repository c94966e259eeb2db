-- Admin work: the activity log, the decision e-mails' templates, and the
-- indexes the admin table needs to stay fast at 10,000 users.

-- Every admin action (and the command line's grant/revoke). The actor's
-- address and name are copied in, so an entry still reads the same after the
-- account changes or is gone; actor_id is NULL for the command line.
CREATE TABLE audit_log (
    id BLOB PRIMARY KEY NOT NULL,
    at TEXT NOT NULL,
    actor_id BLOB REFERENCES users (id) ON DELETE SET NULL,
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
    kind TEXT PRIMARY KEY NOT NULL CHECK (kind IN ('acceptance', 'rejection')),
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    updated_at TEXT
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

-- The admin table: per user, the current edition's submissions in upload
-- order (first abstract, count, accepted flag) come from this index alone.
CREATE INDEX submissions_edition_user_uploaded ON submissions (edition_year, user_id, uploaded_at, id);

-- After acceptance (issue 15): presenters answer in the app whether they
-- come, and how; they upload their final materials; reminders go out once
-- per person and deadline; admins build the day's program from the
-- confirmed presentations and publish it.

-- Per edition: the size limit of a final-materials PDF, and whether
-- presenters answer in the app (true) or through the external form
-- (`confirmation_form_url`), for societies that prefer theirs.
ALTER TABLE editions ADD COLUMN max_materials_bytes INTEGER NOT NULL DEFAULT 26214400
    CHECK (max_materials_bytes > 0);
ALTER TABLE editions ADD COLUMN attendance_in_app BOOLEAN NOT NULL DEFAULT TRUE;

-- A presenter's answer for one accepted submission. `mode` and `format` are
-- set when confirmed, NULL when declined. `answered_at` is the first answer,
-- `updated_at` the latest change (answers may change until the edition's
-- confirm-by deadline).
CREATE TABLE attendance (
    submission_id UUID PRIMARY KEY NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    response TEXT NOT NULL CHECK (response IN ('confirmed', 'declined')),
    mode TEXT CHECK (mode IN ('in_person', 'virtual')),
    format TEXT CHECK (format IN ('talk', 'poster', 'both')),
    needs TEXT NOT NULL DEFAULT '',
    answered_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    CHECK ((response = 'confirmed') = (mode IS NOT NULL AND format IS NOT NULL))
);

-- Final materials (slides, poster) of a confirmed submission. The file is in
-- the object store at storage_key (materials/{user_id}/{id}.pdf). A newer
-- upload of the same kind replaces the current one, which stays for admins
-- with `replaced_at` set.
CREATE TABLE final_materials (
    id UUID PRIMARY KEY NOT NULL,
    submission_id UUID NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('slides', 'poster')),
    original_name TEXT NOT NULL,
    storage_key TEXT NOT NULL UNIQUE,
    size_bytes INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    uploaded_at TIMESTAMPTZ NOT NULL,
    replaced_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX final_materials_current ON final_materials (submission_id, kind) WHERE replaced_at IS NULL;

-- The automatic reminders: one row per edition, deadline and person, written
-- in the transaction that queues the e-mail, so that an instance racing
-- another, or one restarted, never sends the same reminder twice.
CREATE TABLE deadline_reminders (
    edition_year INTEGER NOT NULL REFERENCES editions (year) ON DELETE CASCADE,
    deadline TEXT NOT NULL CHECK (deadline IN ('confirm_attendance', 'final_materials')),
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    sent_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (edition_year, deadline, user_id)
);

-- The program being built: sessions of the day (talks, posters) and fixed
-- items (break, keynote), in a room or 'virtual'.
CREATE TABLE program_sessions (
    id UUID PRIMARY KEY NOT NULL,
    edition_year INTEGER NOT NULL REFERENCES editions (year) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('talks', 'posters', 'break', 'keynote')),
    title TEXT NOT NULL,
    starts_at TIMESTAMPTZ NOT NULL,
    ends_at TIMESTAMPTZ NOT NULL,
    room TEXT NOT NULL DEFAULT '',
    CHECK (ends_at > starts_at)
);
CREATE INDEX program_sessions_edition ON program_sessions (edition_year, starts_at);

-- A confirmed presentation placed in a session (talks or posters), in order.
CREATE TABLE program_placements (
    session_id UUID NOT NULL REFERENCES program_sessions (id) ON DELETE CASCADE,
    submission_id UUID NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (session_id, submission_id)
);
CREATE INDEX program_placements_submission ON program_placements (submission_id);

-- The published program of an edition: what the public sees (the edition
-- page's Program section, /sculc-program.pdf, the .ics files) is this
-- snapshot, not the draft being edited. The PDF is in the object store at
-- pdf_storage_key (program/{year}/{id}.pdf).
CREATE TABLE program_publications (
    edition_year INTEGER PRIMARY KEY NOT NULL REFERENCES editions (year) ON DELETE CASCADE,
    snapshot TEXT NOT NULL,
    pdf_storage_key TEXT NOT NULL,
    published_at TIMESTAMPTZ NOT NULL,
    published_by UUID REFERENCES users (id) ON DELETE SET NULL
);

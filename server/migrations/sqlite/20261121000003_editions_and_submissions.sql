-- Each year's conference and its call for abstracts. The newest edition is
-- the current one. Times are UTC; the spec's deadlines are Pacific time.
CREATE TABLE editions (
    year INTEGER PRIMARY KEY,
    -- NULL: no bound on that side.
    call_opens_at TEXT,
    call_closes_at TEXT,
    word_limit INTEGER NOT NULL CHECK (word_limit > 0),
    max_file_bytes INTEGER NOT NULL CHECK (max_file_bytes > 0),
    confirm_attendance_by TEXT,
    final_materials_by TEXT,
    confirmation_form_url TEXT,
    contact_email TEXT NOT NULL
);

-- Abstracts. The file lives in the object store at storage_key
-- (abstracts/{user_id}/{id}.pdf); the name the applicant gave it is data only.
CREATE TABLE submissions (
    id BLOB PRIMARY KEY,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    edition_year INTEGER NOT NULL REFERENCES editions (year),
    original_name TEXT NOT NULL,
    storage_key TEXT NOT NULL UNIQUE,
    size_bytes INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    -- NULL when no text could be extracted (a scanned abstract).
    word_count INTEGER,
    -- Guideline warnings shown to the applicant and admins, a JSON array of strings.
    warnings TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'accepted', 'rejected', 'withdrawn')),
    uploaded_at TEXT NOT NULL
);
CREATE INDEX submissions_user_edition ON submissions (user_id, edition_year);
CREATE INDEX submissions_edition_status ON submissions (edition_year, status);

-- The spec's editions. Deadlines are 11:59 PM in Los Angeles (PDT in spring).
-- Sample values the spec does not give (form link, contact address) are to be
-- replaced from the admin pages.
INSERT INTO editions (year, call_opens_at, call_closes_at, word_limit, max_file_bytes,
                      confirm_attendance_by, final_materials_by, confirmation_form_url, contact_email) VALUES
    (2022, NULL, NULL, 500, 10485760, NULL, NULL, NULL, 'sculc@example.edu'),
    (2023, NULL, NULL, 500, 10485760, NULL, NULL, NULL, 'sculc@example.edu'),
    (2024, NULL, '2024-03-25T06:59:00Z', 500, 10485760, NULL, NULL, NULL, 'sculc@example.edu'),
    (2025, NULL, '2025-03-22T06:59:00Z', 500, 10485760, '2025-04-16T06:59:00Z', '2025-05-11T06:59:00Z',
     'https://forms.example.org/sculc-2025-confirm-attendance', 'sculc@example.edu');

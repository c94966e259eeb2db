-- Certificates (issue 26 item 4): after an event, one of attendance for each
-- registration checked in, and one of presentation for each presenter of an
-- accepted submission whose attendance was confirmed. A certificate is
-- issued once, on its first download: the row keeps what it certifies, as
-- printed, under a short random code that its verification address
-- (/verify/{code}) shows to anyone holding it. Downloaded again, it is the
-- same certificate with the same code.
--
-- The signatory an edition's certificates print: a name and a title (empty:
-- none yet).
ALTER TABLE editions ADD COLUMN signatory_name TEXT NOT NULL DEFAULT '';
ALTER TABLE editions ADD COLUMN signatory_title TEXT NOT NULL DEFAULT '';

CREATE TABLE certificates (
    -- Ten characters of base32 from 50 random bits.
    code TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('attendance', 'presentation')),
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- What it certifies: a registration checked in, or a submission presented.
    registration_id UUID UNIQUE REFERENCES registrations (id) ON DELETE CASCADE,
    submission_id UUID UNIQUE REFERENCES submissions (id) ON DELETE CASCADE,
    -- As printed: the person's name, the talk's title (empty for attendance),
    -- its co-authors ("Grace Hopper, Alan Turing"), the event and its day
    -- (YYYY-MM-DD, Pacific), the signatory.
    name TEXT NOT NULL,
    title TEXT NOT NULL,
    coauthors TEXT NOT NULL,
    event_title TEXT NOT NULL,
    event_on TEXT NOT NULL CHECK (length(event_on) = 10),
    signatory_name TEXT NOT NULL,
    signatory_title TEXT NOT NULL,
    issued_at TIMESTAMPTZ NOT NULL,
    CHECK ((kind = 'attendance') = (registration_id IS NOT NULL)),
    CHECK ((kind = 'presentation') = (submission_id IS NOT NULL))
);
CREATE INDEX certificates_user_id ON certificates (user_id);

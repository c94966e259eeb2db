-- What a submission is, beside its PDF: a title, the co-authors (no account
-- needed; the submitter is the corresponding author), up to three keywords
-- from the edition's list, the preferred format, and a number within the
-- edition that reviewers see instead of any name (S25-014).
--
-- Earlier submissions had no title: they keep their file name as one.
ALTER TABLE submissions ADD COLUMN title TEXT NOT NULL DEFAULT '';
UPDATE submissions SET title = original_name;
ALTER TABLE submissions ADD COLUMN preferred_format TEXT NOT NULL DEFAULT 'either'
    CHECK (preferred_format IN ('talk', 'poster', 'either', 'virtual'));
-- 1, 2, 3… in upload order within an edition; the insert takes the next one.
ALTER TABLE submissions ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
UPDATE submissions SET number = (
    SELECT COUNT(*) FROM submissions earlier
    WHERE earlier.edition_year = submissions.edition_year
      AND (earlier.uploaded_at < submissions.uploaded_at
           OR (earlier.uploaded_at = submissions.uploaded_at AND earlier.id <= submissions.id)));
CREATE UNIQUE INDEX submissions_edition_number ON submissions (edition_year, number);

-- Co-authors in the order the submitter listed them. `email` is stored
-- lower-cased: conflicts of interest are matched on it. `emailed_at` is set
-- when the co-author was told they were named, so they are told once.
CREATE TABLE submission_coauthors (
    submission_id UUID NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    institution TEXT NOT NULL,
    emailed_at TIMESTAMPTZ,
    PRIMARY KEY (submission_id, position)
);
CREATE INDEX submission_coauthors_email ON submission_coauthors (email);

-- The keywords an edition offers, in the order it lists them.
CREATE TABLE edition_keywords (
    edition_year INTEGER NOT NULL REFERENCES editions (year) ON DELETE CASCADE,
    keyword TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (edition_year, keyword)
);

-- A submission's keywords (at most three; the server checks). Kept as
-- written when the edition's list changes later.
CREATE TABLE submission_keywords (
    submission_id UUID NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    keyword TEXT NOT NULL,
    PRIMARY KEY (submission_id, keyword)
);

INSERT INTO edition_keywords (edition_year, keyword, position)
SELECT 2025, keyword, position FROM (
              SELECT 'Phonetics' AS keyword, 1 AS position
    UNION ALL SELECT 'Phonology', 2
    UNION ALL SELECT 'Morphology', 3
    UNION ALL SELECT 'Syntax', 4
    UNION ALL SELECT 'Semantics', 5
    UNION ALL SELECT 'Pragmatics', 6
    UNION ALL SELECT 'Sociolinguistics', 7
    UNION ALL SELECT 'Psycholinguistics', 8
    UNION ALL SELECT 'Language acquisition', 9
    UNION ALL SELECT 'Historical linguistics', 10
    UNION ALL SELECT 'Computational linguistics', 11
    UNION ALL SELECT 'Language documentation', 12
) defaults
WHERE EXISTS (SELECT 1 FROM editions WHERE year = 2025);

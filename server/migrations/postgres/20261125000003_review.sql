-- Committee review (issue 14): per edition, the settings and the criteria
-- of the review form; per reviewer, the conflicts they declared (or an admin
-- added); per submission and reviewer, the assignment and the review it
-- holds (one row: a review exists only as an assignment's), and its scores.

-- One row per edition, written with the defaults the first time review is
-- used in that edition (no row: the defaults).
CREATE TABLE review_settings (
    edition_year INTEGER PRIMARY KEY REFERENCES editions (year) ON DELETE CASCADE,
    -- NULL: no deadline.
    deadline TIMESTAMPTZ,
    reviewers_per_submission INTEGER NOT NULL DEFAULT 2
        CHECK (reviewers_per_submission BETWEEN 1 AND 10),
    visibility TEXT NOT NULL DEFAULT 'after_own' CHECK (visibility IN ('never', 'after_own'))
);

-- Weights in hundredths (1.0 is 100): both databases keep them exact, and
-- the mean is computed from them in the server.
CREATE TABLE review_criteria (
    id UUID PRIMARY KEY NOT NULL,
    edition_year INTEGER NOT NULL REFERENCES editions (year) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    weight_hundredths INTEGER NOT NULL CHECK (weight_hundredths > 0)
);
CREATE INDEX review_criteria_edition ON review_criteria (edition_year, position);

-- `name_key` is the name lower-cased with its spaces collapsed, as it is
-- matched; `email` is stored lower-cased.
CREATE TABLE review_conflicts (
    id UUID PRIMARY KEY NOT NULL,
    reviewer_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT,
    name_key TEXT,
    email TEXT,
    added_by_admin BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    CHECK (name IS NOT NULL OR email IS NOT NULL)
);
CREATE INDEX review_conflicts_reviewer ON review_conflicts (reviewer_id);

CREATE TABLE review_assignments (
    submission_id UUID NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    reviewer_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    assigned_at TIMESTAMPTZ NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'draft', 'submitted', 'abstained')),
    abstain_reason TEXT,
    recommendation TEXT CHECK (recommendation IN ('accept', 'weak_accept', 'weak_reject', 'reject')),
    comment_for_author TEXT NOT NULL DEFAULT '',
    comment_for_organisers TEXT NOT NULL DEFAULT '',
    -- Set by the first save and never cleared: the criteria lock on it.
    saved_at TIMESTAMPTZ,
    submitted_at TIMESTAMPTZ,
    PRIMARY KEY (submission_id, reviewer_id)
);
CREATE INDEX review_assignments_reviewer ON review_assignments (reviewer_id);

CREATE TABLE review_scores (
    submission_id UUID NOT NULL,
    reviewer_id UUID NOT NULL,
    criterion_id UUID NOT NULL REFERENCES review_criteria (id) ON DELETE CASCADE,
    score INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
    PRIMARY KEY (submission_id, reviewer_id, criterion_id),
    FOREIGN KEY (submission_id, reviewer_id)
        REFERENCES review_assignments (submission_id, reviewer_id) ON DELETE CASCADE
);

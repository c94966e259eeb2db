-- Every conflict a reviewer declares, kept when the conflict is removed:
-- declarations are bounded per reviewer and edition, and per hour, so
-- declaring and removing cannot go on without end (SECURITY.md).
CREATE TABLE review_conflict_declarations (
    id UUID PRIMARY KEY NOT NULL,
    reviewer_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    edition_year INTEGER NOT NULL REFERENCES editions (year) ON DELETE CASCADE,
    declared_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX review_conflict_declarations_reviewer
    ON review_conflict_declarations (reviewer_id, edition_year);

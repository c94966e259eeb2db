-- How many abstracts one author may submit to an edition (withdrawn ones
-- aside): one account had uploaded 25 to one edition. Admins change it in
-- the edition settings; a new edition copies it from the newest one.
ALTER TABLE editions ADD COLUMN max_submissions_per_author INTEGER NOT NULL DEFAULT 5
    CHECK (max_submissions_per_author > 0);

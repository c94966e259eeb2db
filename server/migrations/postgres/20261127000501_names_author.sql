-- Issue 23 item 5: whether the upload's anonymity check found an author's
-- name (in the text or the document properties), kept as data so that
-- review's flag no longer depends on the wording of the warning shown to
-- people. Rows stored before this have only the warnings: both anonymity
-- warnings ended with this sentence, read here once.
ALTER TABLE submissions ADD COLUMN names_author BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE submissions SET names_author = TRUE WHERE warnings LIKE '%Abstracts must be anonymized%';

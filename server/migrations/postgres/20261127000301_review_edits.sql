-- Issue 22: changes to a submitted review are a draft until the reviewer
-- submits again; the submitted review (its columns and review_scores) is
-- what admins see meanwhile. `edits` holds the draft as JSON (scores,
-- recommendation, both comments), `edited_at` when it was last saved.
ALTER TABLE review_assignments ADD COLUMN edits TEXT;
ALTER TABLE review_assignments ADD COLUMN edited_at TIMESTAMPTZ;

-- Editors' photos are resized off the request path (issue 24 item 5): the
-- upload's request checks the file's header, records a job and answers
-- with it; the instance that received the file resizes it in the
-- background and writes how it ended here, where the editor's page (on any
-- instance) reads it. A job still waiting or resizing long after its last
-- change was lost with its server and reads as failed. Jobs are forgotten
-- a day after their last change.
CREATE TABLE photo_jobs (
    id BLOB PRIMARY KEY NOT NULL,
    editor_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The uploaded file's name, cleaned, for the editor's messages.
    file_name TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'resizing', 'done', 'failed')),
    -- JSON once done or failed: the stored photo, or why it was refused.
    outcome TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX photo_jobs_editor_id ON photo_jobs (editor_id);
CREATE INDEX photo_jobs_updated_at ON photo_jobs (updated_at);

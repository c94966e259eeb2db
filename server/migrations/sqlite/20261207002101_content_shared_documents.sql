-- History within bounds (issue 37 item 5). A version used to hold the
-- whole content as one JSON text, so 320 restores of a 230 KB site added
-- 74 MB. Now each document's body is stored once, under the SHA-256 of its
-- JSON (content_bodies), and a version is the list of which body each of
-- its documents had (content_version_documents): a version stores only
-- the documents that changed, and a restore stores none.
--
-- SQLite has no SHA-256, so `colloquy migrate` moves the older versions'
-- documents across in Rust (`content::store::history`) and clears their
-- `documents`; a version whose `documents` is NULL is read from the new
-- tables. The table is rebuilt here only to let that column be NULL.

CREATE TABLE content_versions_rebuilt (
    id INTEGER PRIMARY KEY,
    published_at TEXT NOT NULL,
    actor_id BLOB REFERENCES users (id) ON DELETE SET NULL,
    actor_name TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('baseline', 'publish', 'restore', 'import')),
    restored_from INTEGER,
    changes TEXT NOT NULL,
    -- JSON of every document, only until `migrate` moves it (then NULL).
    documents TEXT
);
INSERT INTO content_versions_rebuilt (id, published_at, actor_id, actor_name, action, restored_from, changes, documents)
    SELECT id, published_at, actor_id, actor_name, action, restored_from, changes, documents FROM content_versions;
DROP TABLE content_versions;
ALTER TABLE content_versions_rebuilt RENAME TO content_versions;
CREATE INDEX content_versions_actor ON content_versions (actor_id);

-- One row per distinct document body, kept as long as a version names it
-- (versions are never deleted).
CREATE TABLE content_bodies (
    sha256 TEXT NOT NULL PRIMARY KEY,
    body TEXT NOT NULL
);

-- Which body each document of a version had: a few dozen bytes a document.
CREATE TABLE content_version_documents (
    version_id INTEGER NOT NULL REFERENCES content_versions (id),
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    body_sha256 TEXT NOT NULL REFERENCES content_bodies (sha256),
    PRIMARY KEY (version_id, kind, key)
);
CREATE INDEX content_version_documents_body ON content_version_documents (body_sha256);

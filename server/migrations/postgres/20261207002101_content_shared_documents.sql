-- History within bounds (issue 37 item 5). A version used to hold the
-- whole content as one JSON text, so 320 restores of a 230 KB site added
-- 74 MB. Now each document's body is stored once, under the SHA-256 of its
-- JSON (content_bodies), and a version is the list of which body each of
-- its documents had (content_version_documents): a version stores only
-- the documents that changed, and a restore stores none.
--
-- As on SQLite (which has no SHA-256), `colloquy migrate` moves the older
-- versions' documents across in Rust (`content::store::history`) and
-- clears their `documents`, so both databases hash the same text the same
-- way; a version whose `documents` is NULL is read from the new tables.

-- JSON of every document, only until `migrate` moves it (then NULL).
ALTER TABLE content_versions ALTER COLUMN documents DROP NOT NULL;

-- One row per distinct document body, kept as long as a version names it
-- (versions are never deleted).
CREATE TABLE content_bodies (
    sha256 TEXT NOT NULL PRIMARY KEY,
    body TEXT NOT NULL
);

-- Which body each document of a version had: a few dozen bytes a document.
CREATE TABLE content_version_documents (
    version_id BIGINT NOT NULL REFERENCES content_versions (id),
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    body_sha256 TEXT NOT NULL REFERENCES content_bodies (sha256),
    PRIMARY KEY (version_id, kind, key)
);
CREATE INDEX content_version_documents_body ON content_version_documents (body_sha256);

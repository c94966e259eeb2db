-- History in words (issue 39): versions published before it were
-- described by field path ("gallery, home.description[0]"). Each is queued
-- here, and at the next start the content describes it again in words from
-- its documents and the version before (`content::store::versions`), then
-- takes it off the queue. New versions are described in words as they go
-- live and never enter it.
CREATE TABLE content_versions_to_reword (
    version_id BIGINT NOT NULL PRIMARY KEY REFERENCES content_versions (id)
);
INSERT INTO content_versions_to_reword (version_id)
    SELECT id FROM content_versions WHERE action <> 'baseline';

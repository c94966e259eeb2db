-- Editing the site in the browser (issue 24). Editors' changes wait in
-- content_drafts until someone publishes them; every publication (and
-- every restore or import) is a row of content_versions holding the whole
-- content as it went live, so any earlier version can be shown again.
-- content_documents stays the live content the public pages read.

-- One row: the live version's number. Publishing locks it, so two
-- publications take turns, and every instance can tell at a glance
-- whether the content changed.
CREATE TABLE content_head (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);

CREATE TABLE content_versions (
    -- 1, 2, 3… in the order they went live.
    id BIGINT PRIMARY KEY,
    published_at TIMESTAMPTZ NOT NULL,
    actor_id UUID REFERENCES users (id) ON DELETE SET NULL,
    -- As the activity log keeps it: the name outlives the account.
    actor_name TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('baseline', 'publish', 'restore', 'import')),
    restored_from BIGINT,
    -- JSON: what changed, one line per page and field.
    changes TEXT NOT NULL,
    -- JSON: every document ({kind, key, body}) as it went live.
    documents TEXT NOT NULL
);
CREATE INDEX content_versions_actor ON content_versions (actor_id);

-- A document as an editor left it: the whole document, or NULL when the
-- draft removes it (a board term, an edition's pages). No row: as live.
CREATE TABLE content_drafts (
    kind TEXT NOT NULL CHECK (kind IN ('site', 'naclo', 'board', 'edition')),
    key TEXT NOT NULL,
    body TEXT,
    -- Counts the saves, so a publication removes only the drafts it read.
    revision BIGINT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by UUID REFERENCES users (id) ON DELETE SET NULL,
    updated_by_name TEXT NOT NULL,
    PRIMARY KEY (kind, key)
);
CREATE INDEX content_drafts_updated_by ON content_drafts (updated_by);

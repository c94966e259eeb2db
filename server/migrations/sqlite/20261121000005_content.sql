-- The site's content (board terms, the NACLO page, the conference editions'
-- pages, the home page), imported from the TOML files under content/ at
-- first start and by `colloquy content import`. Each row is one file,
-- parsed and checked, stored as the JSON the API serves. An import replaces
-- every row in one transaction, so readers see the old content or the new.
CREATE TABLE content_documents (
    -- site, naclo, board (key: the term, "2024-2025"), edition (key: the
    -- year), policy (key "frame-src": the embed origins the CSP allows).
    kind TEXT NOT NULL CHECK (kind IN ('site', 'naclo', 'board', 'edition', 'policy')),
    key TEXT NOT NULL,
    body TEXT NOT NULL,
    -- SHA-256 of the source file, so an operator can tell which file is live.
    source_sha256 TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    PRIMARY KEY (kind, key)
);

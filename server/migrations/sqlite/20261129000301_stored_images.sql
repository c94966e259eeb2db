-- Editors' photos (issue 24 item 5): every WebP variant the server made of
-- an uploaded photo, stored as `media/{name}` in the file store and served
-- at `/media/{name}`. The name is the SHA-256 of the file's bytes, so a
-- URL never changes what it shows. A row is written once its file is
-- stored (an upload of the same photo again brings stored_at forward); the
-- sweep removes rows and files that no content version or draft names and
-- that are older than its grace period.
CREATE TABLE stored_images (
    -- "{sha256 hex}.webp"
    name TEXT PRIMARY KEY NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    size_bytes INTEGER NOT NULL,
    stored_at TEXT NOT NULL
);
CREATE INDEX stored_images_stored_at ON stored_images (stored_at);

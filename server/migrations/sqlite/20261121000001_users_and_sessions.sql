-- Accounts and their sign-in sessions. Times are UTC.
CREATE TABLE users (
    id BLOB PRIMARY KEY NOT NULL,
    -- Stored trimmed and lower-cased, so uniqueness is case-insensitive.
    email TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    -- NULL for accounts that only ever signed in with Google.
    password_hash TEXT,
    email_verified_at TEXT,
    admin BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL
);

CREATE TABLE sessions (
    -- SHA-256 of the cookie's random id; the id itself is never stored.
    id_hash TEXT PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);

CREATE INDEX sessions_user_id ON sessions (user_id);

-- Accounts and their sign-in sessions. Times are UTC.
CREATE TABLE users (
    id UUID PRIMARY KEY,
    -- Stored trimmed and lower-cased, so uniqueness is case-insensitive.
    email TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    -- NULL for accounts that only ever signed in with Google.
    password_hash TEXT,
    email_verified_at TIMESTAMPTZ,
    admin BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE sessions (
    -- SHA-256 of the cookie's random id; the id itself is never stored.
    id_hash TEXT PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX sessions_user_id ON sessions (user_id);

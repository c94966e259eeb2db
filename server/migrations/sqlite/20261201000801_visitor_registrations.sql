-- Visitors register without a password (issue 26 item 1): the request
-- waits here, under the hash of the token e-mailed to its address, until
-- the link is followed (the address proven) or it runs out. Following it
-- registers the address's account, made then (verified, no password) if
-- it has none; the request is deleted in the same transaction.
CREATE TABLE registration_requests (
    token_hash TEXT PRIMARY KEY NOT NULL,
    event_id BLOB NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('in_person', 'virtual')),
    lunch BOOLEAN NOT NULL,
    dietary TEXT NOT NULL,
    access TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
-- The sweep of requests that ran out.
CREATE INDEX registration_requests_expires_at ON registration_requests (expires_at);

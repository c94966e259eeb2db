-- Leases: a job that several instances share but only one may run at a time
-- (the sweep of orphaned files) is held by one instance until expires_at.
-- holder is a random id per running process. Times are UTC.
CREATE TABLE leases (
    name TEXT PRIMARY KEY NOT NULL,
    holder TEXT NOT NULL,
    expires_at TEXT NOT NULL
);

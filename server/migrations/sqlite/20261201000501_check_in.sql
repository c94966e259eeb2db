-- Check-in (issue 26 item 3): a fourth role, `check_in`, for volunteers who
-- see nothing but the check-in screen; and, on each registration, when its
-- person was checked in and by whom. A check-in that is undone clears both.
-- SQLite cannot change a CHECK in place, so user_roles is rebuilt with its
-- rows and its index; nothing refers to it.
CREATE TABLE user_roles_new (
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'reviewer', 'editor', 'check_in')),
    PRIMARY KEY (user_id, role)
);
INSERT INTO user_roles_new (user_id, role) SELECT user_id, role FROM user_roles;
DROP TABLE user_roles;
ALTER TABLE user_roles_new RENAME TO user_roles;
CREATE INDEX user_roles_role ON user_roles (role, user_id);

ALTER TABLE registrations ADD COLUMN checked_in_at TEXT;
-- Null once the volunteer's account is gone; the time stays.
ALTER TABLE registrations ADD COLUMN checked_in_by BLOB REFERENCES users (id) ON DELETE SET NULL;
-- Live counts and certificates read who came.
CREATE INDEX registrations_checked_in ON registrations (event_id, checked_in_at) WHERE checked_in_at IS NOT NULL;

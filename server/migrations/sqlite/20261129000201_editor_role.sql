-- A third role, `editor`: edits the public site's content in the browser.
-- SQLite cannot change a CHECK in place, so the table is rebuilt with its
-- rows and its index; nothing refers to it.
CREATE TABLE user_roles_new (
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'reviewer', 'editor')),
    PRIMARY KEY (user_id, role)
);
INSERT INTO user_roles_new (user_id, role) SELECT user_id, role FROM user_roles;
DROP TABLE user_roles;
ALTER TABLE user_roles_new RENAME TO user_roles;
CREATE INDEX user_roles_role ON user_roles (role, user_id);

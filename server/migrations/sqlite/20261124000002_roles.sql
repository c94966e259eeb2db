-- Roles replace the single admin flag: an account holds any set of them
-- (`reviewer` is for the committee that reviews abstracts). Every admin
-- keeps the admin role; then the flag goes, so nothing can read a stale copy.
CREATE TABLE user_roles (
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'reviewer')),
    PRIMARY KEY (user_id, role)
);
-- Counting the admins (the last one cannot be revoked) reads only this.
CREATE INDEX user_roles_role ON user_roles (role, user_id);

INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE admin = TRUE;

ALTER TABLE users DROP COLUMN admin;

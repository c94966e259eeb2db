-- A third role, `editor`: edits the public site's content in the browser.
ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check;
ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin', 'reviewer', 'editor'));

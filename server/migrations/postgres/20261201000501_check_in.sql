-- Check-in (issue 26 item 3): a fourth role, `check_in`, for volunteers who
-- see nothing but the check-in screen; and, on each registration, when its
-- person was checked in and by whom. A check-in that is undone clears both.
ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check;
ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check
    CHECK (role IN ('admin', 'reviewer', 'editor', 'check_in'));

ALTER TABLE registrations ADD COLUMN checked_in_at TIMESTAMPTZ;
-- Null once the volunteer's account is gone; the time stays.
ALTER TABLE registrations ADD COLUMN checked_in_by UUID REFERENCES users (id) ON DELETE SET NULL;
-- Live counts and certificates read who came.
CREATE INDEX registrations_checked_in ON registrations (event_id, checked_in_at) WHERE checked_in_at IS NOT NULL;

-- Deleting a volunteer's account sets checked_in_by to null on the rows it
-- checked in (ON DELETE SET NULL): an index led by the column finds them
-- instead of reading every registration (tests/api/write_plans.rs).
CREATE INDEX registrations_checked_in_by ON registrations (checked_in_by);

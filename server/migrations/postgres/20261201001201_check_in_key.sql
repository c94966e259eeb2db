-- A phone's offline queue may send one check-in twice: the first answer
-- lost while the connection came back, the check-in kept and sent again.
-- Each queued check-in carries its own id (`key`); the registration keeps
-- the key it was checked in with, so a resend by the same volunteer is
-- answered as the first was instead of "Already checked in … by" oneself.
-- An undo clears it with the time.
ALTER TABLE registrations ADD COLUMN check_in_key UUID;

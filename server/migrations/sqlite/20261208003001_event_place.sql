-- Where an event takes place (issue 39 item 5): prefilled from its edition's
-- or session's content when registration opens, changed by an admin after,
-- and the LOCATION of the calendar entry its registrants receive.
ALTER TABLE events ADD COLUMN place TEXT NOT NULL DEFAULT '' CHECK (length(place) <= 200);

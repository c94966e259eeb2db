-- Issue 26 item 6: where an edition or a NACLO session uses the site's
-- registration, its page shows "Register" (or the person's registration) in
-- place of the content's external registration link (a check-in form, an
-- RSVP, the NACLO attendance form). An admin may keep the page's external
-- links for an event instead, as the page showed them before.
ALTER TABLE events ADD COLUMN keep_external_links BOOLEAN NOT NULL DEFAULT FALSE;

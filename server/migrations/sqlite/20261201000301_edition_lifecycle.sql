-- A new edition is prepared before the public sees it (issue 25 item 3).
-- conference_on: the conference day, YYYY-MM-DD in Pacific time (NULL: not
-- set yet). decisions_at: when applicants hear the decisions. announced_at:
-- when an admin put the edition on the public site; NULL keeps it off the
-- nav, the banner, /sculc and /sculc-program.pdf, and its call closed.
ALTER TABLE editions ADD COLUMN conference_on TEXT
    CHECK (conference_on IS NULL OR length(conference_on) = 10);
ALTER TABLE editions ADD COLUMN decisions_at TEXT;
ALTER TABLE editions ADD COLUMN announced_at TEXT;
-- Every edition that exists already was public.
UPDATE editions SET announced_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now');

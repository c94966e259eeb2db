-- Issue 23 item 17: the admin table's reads at 100,000 users.
--
-- The attendance columns joined the view `attendance_counts`, whose GROUP
-- BY neither database can narrow to the page's people: every request
-- counted every accepted submission of the edition (15,000 at 100,000
-- users, ~50 ms on SQLite). `attendance_tallies` is the same definition one
-- row per accepted submission (1 or 0 per column), which a query can read
-- for a few people through `submissions (user_id, edition_year, status)`
-- and sum itself; `attendance_counts` is now those sums, so what counts as
-- what stays written once.
DROP VIEW attendance_counts;

CREATE VIEW attendance_tallies AS
SELECT submission_id, user_id,
       1 AS accepted,
       CASE WHEN pending = 'not_confirmed' THEN 1 ELSE 0 END AS unanswered,
       CASE WHEN response = 'confirmed' THEN 1 ELSE 0 END AS confirmed,
       CASE WHEN response = 'declined' THEN 1 ELSE 0 END AS declined,
       CASE WHEN format = 'talk' THEN 1 ELSE 0 END AS format_talk,
       CASE WHEN format = 'poster' THEN 1 ELSE 0 END AS format_poster,
       CASE WHEN format = 'both' THEN 1 ELSE 0 END AS format_both,
       CASE WHEN mode = 'in_person' THEN 1 ELSE 0 END AS mode_in_person,
       CASE WHEN mode = 'virtual' THEN 1 ELSE 0 END AS mode_virtual,
       CASE WHEN pending = 'without_materials' THEN 1 ELSE 0 END AS without_materials
FROM current_acceptances;

CREATE VIEW attendance_counts AS
SELECT user_id,
       SUM(accepted) AS accepted, SUM(unanswered) AS unanswered, SUM(confirmed) AS confirmed,
       SUM(declined) AS declined, SUM(format_talk) AS format_talk, SUM(format_poster) AS format_poster,
       SUM(format_both) AS format_both, SUM(mode_in_person) AS mode_in_person,
       SUM(mode_virtual) AS mode_virtual, SUM(without_materials) AS without_materials
FROM attendance_tallies
GROUP BY user_id;

-- A page of the table without a search was a top-N sort of every user
-- joined to their summary (~250 ms of CPU at 100,000 users). These indexes
-- hold the table's orders, so a page reads its 50 rows (plus the offset)
-- in order and stops. Names and e-mails put the empty ones last: ascending,
-- behind a leading "is empty" term; descending, the empty text is the
-- smallest, so it is last without one.
CREATE INDEX users_name_order
    ON users (TRIM(LOWER(first_name || ' ' || last_name)) = '', TRIM(LOWER(first_name || ' ' || last_name)), email, id);
CREATE INDEX users_name_order_desc
    ON users (TRIM(LOWER(first_name || ' ' || last_name)) DESC, email, id);
CREATE INDEX users_email_order ON users (email = '', email, id);
CREATE INDEX users_email_order_desc ON users (email DESC, id);

-- Issue 23 item 3: who has not acted after acceptance, defined once in the
-- schema instead of as SQL text on implicit aliases spliced into other
-- modules' queries. The admin table's filters and attendance columns, the
-- one-click reminder and the automatic reminders read these views.

-- Every accepted submission of the current (newest) edition, with its
-- author's answer, if any, and what its author has yet to do: answer
-- ('not_confirmed'; declining is an answer), or, having confirmed, upload
-- a current final material ('without_materials'); NULL when nothing.
CREATE VIEW current_acceptances AS
SELECT s.id AS submission_id, s.user_id, ans.response, ans.format, ans.mode,
       CASE
           WHEN ans.submission_id IS NULL THEN 'not_confirmed'
           WHEN ans.response = 'confirmed' AND NOT EXISTS (
               SELECT 1 FROM final_materials f WHERE f.submission_id = s.id AND f.replaced_at IS NULL
           ) THEN 'without_materials'
       END AS pending
FROM submissions s LEFT JOIN attendance ans ON ans.submission_id = s.id
WHERE s.status = 'accepted' AND s.edition_year = (SELECT MAX(year) FROM editions);

-- Per person with an accepted submission this edition, their answers
-- counted (the admin table's attendance columns).
CREATE VIEW attendance_counts AS
SELECT user_id,
       COUNT(*) AS accepted,
       SUM(CASE WHEN pending = 'not_confirmed' THEN 1 ELSE 0 END) AS unanswered,
       SUM(CASE WHEN response = 'confirmed' THEN 1 ELSE 0 END) AS confirmed,
       SUM(CASE WHEN response = 'declined' THEN 1 ELSE 0 END) AS declined,
       SUM(CASE WHEN format = 'talk' THEN 1 ELSE 0 END) AS format_talk,
       SUM(CASE WHEN format = 'poster' THEN 1 ELSE 0 END) AS format_poster,
       SUM(CASE WHEN format = 'both' THEN 1 ELSE 0 END) AS format_both,
       SUM(CASE WHEN mode = 'in_person' THEN 1 ELSE 0 END) AS mode_in_person,
       SUM(CASE WHEN mode = 'virtual' THEN 1 ELSE 0 END) AS mode_virtual,
       SUM(CASE WHEN pending = 'without_materials' THEN 1 ELSE 0 END) AS without_materials
FROM current_acceptances
GROUP BY user_id;

-- Certificates worth attaching (issue 39 item 9).
--
-- An edition's certificates wait until its chair decides who signs them:
-- a signatory's name, or "no signature" (certificate_unsigned). Editions
-- whose day has passed already handed out certificates unsigned; they keep
-- doing so. The paper is US Letter unless the chair picks A4.
ALTER TABLE editions ADD COLUMN certificate_unsigned BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE editions ADD COLUMN certificate_paper TEXT NOT NULL DEFAULT 'letter'
    CHECK (certificate_paper IN ('letter', 'a4'));
UPDATE editions SET certificate_unsigned = TRUE
WHERE signatory_name = '' AND conference_on IS NOT NULL
  AND conference_on < to_char(current_date, 'YYYY-MM-DD');

-- The edition whose signatory a certificate prints (NULL: none, or issued
-- before this column: it keeps the signatory it was issued with). A
-- certificate prints, and its verification page shows, the edition's
-- signatory as it is when read, so one issued before the chair named a
-- signatory is signed once they do.
ALTER TABLE certificates ADD COLUMN edition_year INTEGER;
UPDATE certificates SET edition_year =
    (SELECT s.edition_year FROM submissions s WHERE s.id = certificates.submission_id)
WHERE submission_id IS NOT NULL;
UPDATE certificates SET edition_year =
    (SELECT ed.year FROM registrations r JOIN events e ON e.id = r.event_id
     JOIN editions ed ON 'sculc-' || ed.year = e.slug
     WHERE r.id = certificates.registration_id)
WHERE registration_id IS NOT NULL;

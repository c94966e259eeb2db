-- Issue 25 item 4: the decision letters greet by first name ("Dear Ada,",
-- or "Hello," when no name is known), and the acceptance letter says how to
-- confirm and send materials as the edition's settings say: on the site, or
-- the external form and e-mail ({confirm_how}, {materials_how}). Only the
-- default wording is replaced, so a template an admin rewrote keeps the rest
-- of its text; in the external-form mode only the greeting changes.
UPDATE mail_templates
SET body = REPLACE(
        REPLACE(
            REPLACE(body, 'Dear {first_name} {last_name},', '{greeting}'),
            'by {confirm_by} using this form: {confirmation_form_url}', 'by {confirm_by} {confirm_how}'),
        'by {final_materials_by} by e-mail to {contact_email}.', 'by {final_materials_by} {materials_how}.');

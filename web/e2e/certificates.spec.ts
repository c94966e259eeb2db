/**
 * Certificates in the browser: a member checked in at an event that is over
 * finds the certificate first on /sculc, with the event's place printed,
 * and the address printed on it confirms it (the event is moved into the past
 * in the database, since a journey cannot wait a day); and a code that was
 * never issued says so plainly, passes axe, and is kept out of search
 * engines. (What each certificate prints, in every script, is read back by
 * the API tests, `server/tests/api/certificates.rs`.)
 */
import { execFileSync } from 'node:child_process';

import { expectNoViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { holdEventAt } from './program-world.ts';
import { ok, sessionOf, signInAs, startReviewWorld } from './review-world.ts';

test('after the event, a member finds the certificate first on /sculc, with the place, and its address confirms it', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const world = await startReviewWorld(playwright);
  try {
    const admin = await world.person('Edward', 'Sapir');
    const member = await world.person('Ada', 'Lovelace');
    await world.command('admin', 'grant', admin.email);
    const adminApi = await sessionOf(playwright, world, admin);
    const memberApi = await sessionOf(playwright, world, member);
    const slug = 'sculc-2025';
    let address = '';
    await test.step('Ada registers, is checked in at the door, and the event is over', async () => {
      const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      await ok(
        await adminApi.post('/api/admin/events', {
          data: { slug, title: 'SCULC 2025', starts_at: inAnHour, capacity: 10, place: 'Humanities Lecture Hall 206' },
        }),
      );
      await ok(
        await memberApi.post(`/api/events/${slug}/registration`, {
          data: { mode: 'in_person', lunch: false, dietary: '', access: '' },
        }),
      );
      const people = (await (await ok(await adminApi.get(`/api/check-in/${slug}/people?q=Lovelace`))).json()) as {
        registration_id: string;
      }[];
      await ok(await adminApi.post(`/api/check-in/${slug}/registrations/${people[0]?.registration_id ?? ''}`, { data: {} }));
      // Thirty hours ago: a day before today wherever the clock stands in Pacific time.
      holdEventAt(world, slug, new Date(Date.now() - 30 * 60 * 60 * 1000));
      await ok(
        await adminApi.put('/api/admin/editions/2025/signatory', {
          data: { name: 'Noam Linguist', title: 'Faculty Advisor' },
        }),
      );
    });

    await test.step('on /sculc the certificate comes first, and the PDF prints her name and the place', async () => {
      await signInAs(page, world, member);
      const main = page.getByRole('main');
      await expect(main.getByRole('region', { name: 'Certificates' })).toBeVisible();
      const cards = await main.locator('section.card > h2').allTextContents();
      expect(cards[0], `the cards in order: ${cards.join(', ')}`).toBe('Certificates');
      await expectNoViolations(page, 'the member home with a certificate');
      const link = main.getByRole('link', { name: 'Certificate of attendance (PDF)' });
      const pdf = await page.request.get(`${world.url}${(await link.getAttribute('href')) ?? ''}`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      // Read as a reader's copy-and-paste would (poppler, scripts/install-test-deps.sh).
      const text = execFileSync('pdftotext', ['-', '-'], { input: await pdf.body() }).toString('utf8');
      for (const printed of ['Ada Lovelace', 'SCULC 2025', 'Humanities Lecture Hall 206', 'Noam Linguist']) {
        expect(text, printed).toContain(printed);
      }
      address = /\/verify\/([A-Za-z0-9]{10})/.exec(text)?.[0] ?? '';
      expect(address, text).not.toBe('');
    });

    await test.step('the address printed on it confirms it', async () => {
      await page.goto(`${world.url}${address}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'This certificate is genuine' })).toBeVisible();
      await expect(main).toContainText('Ada Lovelace');
      await expectNoViolations(page, 'a genuine certificate');
    });
  } finally {
    await world.close();
  }
});

test('an unknown verification code says there is no such certificate, kept out of search engines', async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/Failed to load resource: .*status of 404/);
  const response = await page.goto('/verify/ABCDEFGHJK');
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('alert')).toHaveText(
    'There is no certificate with the code ABCDEFGHJK. Check the address printed on the certificate.',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoViolations(page, 'an unknown certificate');
});

/**
 * Changing the password from /profile, in the real browser at both widths:
 * the current password is required, the account's other devices are signed
 * out and this one stays, and the page passes axe (as accessibility.spec.ts
 * checks the public pages).
 *
 * E-mail requests (see accounts.ts): 1 per width. Failed password attempts
 * on purpose: 2 per width (a wrong current password, the old password).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { CSRF_HEADERS, newPerson, registerVerifiedAccount, submitSignIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Chromium logs every answer in the 400s as an error; this test provokes some on purpose. */
const REFUSED = (status: number) => new RegExp(`Failed to load resource: .*status of ${status}`);

function main(page: Page) {
  return page.getByRole('main');
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(({ id, help, nodes }) => ({
    id,
    help,
    targets: nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

test('a password is changed from the profile with the current one, signing other devices out', async ({
  page,
  request,
  outbox,
  browserErrors,
}) => {
  // A long journey with three axe scans: more than the default 20 s on a busy machine.
  test.setTimeout(60_000);
  browserErrors.allow(REFUSED(401));
  browserErrors.allow(REFUSED(422));
  const person = newPerson('Dell', 'Hymes');
  const newPassword = `${person.password}-changed`;
  await registerVerifiedAccount(request, outbox, person);
  // Another device, signed in first (`request` keeps cookies of its own).
  const elsewhere = await request.post('/api/accounts/login', {
    headers: CSRF_HEADERS,
    data: { email: person.email, password: person.password },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await page.goto('/login');
  await submitSignIn(page, person.email, person.password);
  await expect(page).toHaveURL('/sculc');
  // On a phone the nav's Profile link is behind the menu button: go straight there.
  await page.goto('/profile');
  await expect(main(page).getByRole('heading', { name: 'Welcome Dell!' })).toBeVisible();
  await main(page).getByRole('link', { name: 'Change Password', exact: true }).click();

  await expect(page).toHaveURL('/change-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change Password');
  await expectNoAxeViolations(page);

  const current = main(page).getByLabel('Current Password', { exact: true });
  const fresh = main(page).getByLabel('New Password', { exact: true });
  const confirmation = main(page).getByLabel('Confirm New Password', { exact: true });
  const submit = main(page).getByRole('button', { name: 'Change Password', exact: true });

  await current.fill(person.password);
  await fresh.fill(newPassword);
  await confirmation.fill(`${newPassword}-typo`);
  await submit.click();
  await expect(main(page).getByRole('alert')).toHaveText('Passwords do not match');

  await current.fill('not my password');
  await confirmation.fill(newPassword);
  await submit.click();
  await expect(main(page).getByRole('alert')).toHaveText('Your current password is not correct.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await current.fill(person.password);
  await submit.click();
  await expect(page).toHaveURL('/profile');
  await expect(main(page).getByRole('status')).toHaveText(
    'Password changed successfully. You have been signed out on your other devices.',
  );
  await expectNoAxeViolations(page);
  // This browser stays signed in; the other device does not.
  expect((await page.request.get('/api/me')).status()).toBe(200);
  expect((await request.get('/api/me')).status()).toBe(401);

  await main(page).getByRole('button', { name: 'Log Out', exact: true }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await submitSignIn(page, person.email, person.password);
  await expect(main(page).getByRole('alert')).toHaveText('Incorrect email or password.');
  await submitSignIn(page, person.email, newPassword);
  await expect(page).toHaveURL('/sculc');
  expect((await page.request.get('/api/me')).status()).toBe(200);
});

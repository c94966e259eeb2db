/**
 * Accounts with a password, in the real browser against the real server:
 * register and verify from the e-mail, sign in, edit the profile, log out;
 * the sign-in failures; the return to a protected page; a forgotten password.
 *
 * Journeys do not depend on the screen width: desktop runs them once.
 * E-mail requests (see accounts.ts): 7 (register 5, resend 1, forgot password 1).
 * Failed sign-ins on purpose: 3.
 */
import type { Page } from '@playwright/test';

import {
  loginLink,
  newPerson,
  profileLink,
  registerAccount,
  registerVerifiedAccount,
  submitSignIn,
} from './accounts.ts';
import { linkIn } from './emails.ts';
import { expect, test } from './fixtures.ts';

/** Chromium logs every answer in the 400s as an error; these tests provoke some on purpose. */
const REFUSED = (status: number) => new RegExp(`Failed to load resource: .*status of ${status}`);

function main(page: Page) {
  return page.getByRole('main');
}

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test.describe('accounts with a password', { tag: '@desktop' }, () => {
  test('register, verify from the e-mail, sign in, edit the profile, log out', async ({ page, outbox, server }) => {
    const person = newPerson('Ada', 'Lovelace');

    await page.goto('/register');
    await main(page).getByLabel('First Name', { exact: true }).fill(person.firstName);
    await main(page).getByLabel('Last Name', { exact: true }).fill(person.lastName);
    await main(page).getByLabel('Email', { exact: true }).fill(person.email);
    await main(page).getByLabel('Password', { exact: true }).fill(person.password);
    await main(page).getByLabel('Confirm Password', { exact: true }).fill(person.password);
    await main(page).getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(heading(page)).toHaveText('Verify Your Email');
    await expect(main(page)).toContainText(person.email);
    await expect(main(page).getByRole('link', { name: 'Go to Login Page' })).toHaveAttribute('href', '/login');
    // Registering does not sign in.
    await expect(loginLink(page)).toBeVisible();

    const email = await outbox.waitForEmail(person.email);
    expect(email.subject).toBe('Verify your e-mail address');
    const verifyLink = linkIn(email, '/verify-email');
    expect(new URL(verifyLink).origin, 'the link points at this site').toBe(server.url);

    await page.goto(verifyLink);
    await expect(main(page).getByText('Your email has been verified. You can now sign in.')).toBeVisible();
    await main(page).getByRole('link', { name: 'Go to Login Page' }).click();

    await expect(page).toHaveURL('/login');
    await submitSignIn(page, person.email, person.password);
    await expect(page).toHaveURL('/sculc');
    await expect(profileLink(page)).toBeVisible();
    await expect(loginLink(page)).toHaveCount(0);

    await profileLink(page).click();
    await expect(page).toHaveURL('/profile');
    await expect(main(page).getByRole('heading', { name: 'Welcome Ada!' })).toBeVisible();

    await main(page).getByRole('link', { name: 'Edit Profile', exact: true }).click();
    await expect(page).toHaveURL('/edit-profile');
    await expect(main(page).getByLabel('Email', { exact: true })).toHaveValue(person.email);
    await expect(main(page).getByLabel('Email', { exact: true })).not.toBeEditable();
    await expect(main(page).getByLabel('First Name', { exact: true })).toHaveValue('Ada');
    await expect(main(page).getByLabel('Last Name', { exact: true })).toHaveValue('Lovelace');
    await main(page).getByLabel('First Name', { exact: true }).fill('Augusta');
    await main(page).getByLabel('Last Name', { exact: true }).fill('King');
    await main(page).getByRole('button', { name: 'Save Changes', exact: true }).click();

    await expect(page).toHaveURL('/profile');
    await expect(main(page).getByText('Profile updated successfully.')).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Welcome Augusta!' })).toBeVisible();
    // Saved on the server, not only in the page.
    await page.reload();
    await expect(main(page).getByRole('heading', { name: 'Welcome Augusta!' })).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ email: person.email, first_name: 'Augusta', last_name: 'King' });

    await main(page).getByRole('button', { name: 'Log Out', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(loginLink(page)).toBeVisible();
    await expect(profileLink(page)).toHaveCount(0);
    // The session is gone on the server too (page.request sends the browser's cookies).
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  test('an unverified account is told to verify and can have the e-mail sent again', async ({
    page,
    request,
    outbox,
    browserErrors,
  }) => {
    browserErrors.allow(REFUSED(403));
    const person = newPerson('Ferdinand', 'Saussure');
    await registerAccount(request, person);
    await outbox.waitForEmail(person.email);

    await page.goto('/login');
    await submitSignIn(page, person.email, person.password);
    await expect(main(page).getByRole('alert')).toHaveText('Please verify your email before logging in.');
    await expect(page).toHaveURL('/login');

    await main(page).getByRole('button', { name: 'Resend verification email' }).click();
    await expect(main(page).getByRole('status')).toContainText('new verification e-mail');
    const second = await outbox.waitForEmail(person.email, { count: 2 });
    expect(await outbox.emailsTo(person.email)).toHaveLength(2);

    // The new link works.
    await page.goto(linkIn(second, '/verify-email'));
    await expect(main(page).getByText('Your email has been verified. You can now sign in.')).toBeVisible();
    await main(page).getByRole('link', { name: 'Go to Login Page' }).click();
    await submitSignIn(page, person.email, person.password);
    await expect(page).toHaveURL('/sculc');
    await expect(profileLink(page)).toBeVisible();
  });

  test('a wrong password is refused with the spec message', async ({ page, request, outbox, browserErrors }) => {
    browserErrors.allow(REFUSED(401));
    const person = newPerson('Roman', 'Jakobson');
    await registerVerifiedAccount(request, outbox, person);

    await page.goto('/login');
    await submitSignIn(page, person.email, `${person.password}-wrong`);
    await expect(main(page).getByRole('alert')).toHaveText('Incorrect email or password.');
    await expect(page).toHaveURL('/login');
    await expect(loginLink(page)).toBeVisible();

    // The form stays usable: the right password gets in.
    await submitSignIn(page, person.email, person.password);
    await expect(page).toHaveURL('/sculc');
  });

  test('a visitor sent from a protected page returns there after signing in', async ({
    page,
    request,
    outbox,
  }) => {
    const person = newPerson('Edward', 'Sapir');
    await registerVerifiedAccount(request, outbox, person);

    await page.goto('/sculc/submit-abstract');
    await expect(page).toHaveURL('/login');
    await expect(main(page).getByText('You Must Log In to Submit an Abstract', { exact: true })).toBeVisible();

    await submitSignIn(page, person.email, person.password);
    await expect(page).toHaveURL('/sculc/submit-abstract');
    await expect(heading(page)).toHaveText('Abstract Submission Portal');
    await expect(profileLink(page)).toBeVisible();
  });

  test('a forgotten password is replaced through the e-mailed link', async ({
    page,
    request,
    outbox,
    browserErrors,
  }) => {
    browserErrors.allow(REFUSED(401));
    const person = newPerson('Leonard', 'Bloomfield');
    await registerVerifiedAccount(request, outbox, person);
    const newPassword = `${person.password}-new`;

    await page.goto('/login');
    await main(page).getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    // The URL changes before the page's code has loaded, while the sign-in
    // form (with an Email field of its own) is still shown: wait for the page.
    await expect(heading(page)).toHaveText('Forgot Password');
    await main(page).getByLabel('Email', { exact: true }).fill(person.email);
    await main(page).getByRole('button', { name: 'Send Reset Link', exact: true }).click();
    // The same answer whether or not the address has an account.
    await expect(main(page).getByRole('status')).toHaveText(
      `If an account exists for ${person.email}, we have sent it a link to reset the password.`,
    );

    // The verification e-mail was the first.
    const email = await outbox.waitForEmail(person.email, { count: 2 });
    expect(email.subject).toBe('Reset your password');
    await page.goto(linkIn(email, '/reset-password'));
    await expect(heading(page)).toHaveText('Set a New Password');
    await main(page).getByLabel('New Password', { exact: true }).fill(newPassword);
    await main(page).getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await main(page).getByRole('button', { name: 'Set New Password', exact: true }).click();
    await expect(main(page).getByRole('status')).toHaveText(
      'Your password has been changed. You can sign in with it now.',
    );
    await main(page).getByRole('link', { name: 'Go to Login Page' }).click();

    await expect(page).toHaveURL('/login');
    await submitSignIn(page, person.email, person.password);
    await expect(main(page).getByRole('alert')).toHaveText('Incorrect email or password.');

    await submitSignIn(page, person.email, newPassword);
    await expect(page).toHaveURL('/sculc');
    await expect(profileLink(page)).toBeVisible();
  });
});

/**
 * "Sign in with Google" against a real OpenID provider on the loopback
 * (oidc-provider.ts, started by the global setup), whose sign-in and consent
 * pages the browser fills in as a person would at Google.
 *
 * The provider signs in any login and vouches for it as a verified e-mail
 * address, with names taken from it: grace.hopper.…@example.test is Grace Hopper.
 *
 * Desktop only. E-mail requests (see accounts.ts): 1.
 */
import type { Page } from '@playwright/test';

import { loginLink, newPerson, profileLink, registerVerifiedAccount, submitSignIn } from './accounts.ts';
import { uniqueEmail } from './emails.ts';
import { expect, test } from './fixtures.ts';

function main(page: Page) {
  return page.getByRole('main');
}

/** From /login: the button that leaves for the provider. */
async function startGoogleSignIn(page: Page, issuer: string) {
  await main(page).getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL((url) => url.origin === issuer);
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
}

/** On the provider's pages: sign in as `login`, then allow colloquy what it asks for. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password will do');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
  await expect(page.getByText('email', { exact: true })).toBeVisible(); // the scopes asked for
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('Google sign-in', { tag: '@desktop' }, () => {
  test('a new user completes the profile and can then sign in with a password too', async ({
    page,
    server,
  }) => {
    const email = uniqueEmail('grace.hopper');
    const password = 'cobol-1959-navy';

    await page.goto('/login');
    await startGoogleSignIn(page, server.oidcIssuer);
    await signInAtProvider(page, email);

    await expect(page).toHaveURL('/complete-profile?notice=google-new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete Your Profile');
    await expect(main(page).getByText('Please complete your profile.', { exact: true })).toBeVisible();
    // Signed in, but no other protected page opens before the profile is complete.
    await page.goto('/profile');
    await expect(page).toHaveURL('/complete-profile');
    await expect(
      main(page).getByText('Please complete your profile before proceeding', { exact: true }),
    ).toBeVisible();
    // The names came in the provider's ID token.
    await expect(main(page).getByLabel('First Name', { exact: true })).toHaveValue('Grace');
    await expect(main(page).getByLabel('Last Name', { exact: true })).toHaveValue('Hopper');

    await main(page).getByLabel('First Name', { exact: true }).fill('Amazing Grace');
    await main(page).getByLabel('Password', { exact: true }).fill(password);
    await main(page).getByLabel('Confirm Password', { exact: true }).fill(password);
    await main(page).getByRole('button', { name: 'Update Profile', exact: true }).click();

    await expect(page).toHaveURL('/');
    await expect(profileLink(page)).toBeVisible();
    await profileLink(page).click();
    await expect(main(page).getByRole('heading', { name: 'Welcome Amazing Grace!' })).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ email, first_name: 'Amazing Grace', last_name: 'Hopper' });

    await main(page).getByRole('button', { name: 'Log Out', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(loginLink(page)).toBeVisible();

    // The password chosen on /complete-profile signs in without Google.
    await loginLink(page).click();
    await submitSignIn(page, email, password);
    await expect(page).toHaveURL('/sculc');
    await expect(profileLink(page)).toBeVisible();
  });

  test('an existing account with the same address signs in and keeps its names', async ({
    page,
    request,
    outbox,
    server,
  }) => {
    // The address's local part would make the provider call her "Kj Nasa".
    const person = { ...newPerson('Katherine', 'Johnson'), email: uniqueEmail('kj.nasa') };
    await registerVerifiedAccount(request, outbox, person);

    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
    await startGoogleSignIn(page, server.oidcIssuer);
    await signInAtProvider(page, person.email);

    // Back where the visitor was going, not to /complete-profile.
    await expect(page).toHaveURL('/profile');
    await expect(main(page).getByRole('heading', { name: 'Welcome Katherine!' })).toBeVisible();
    await expect(profileLink(page)).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ email: person.email, first_name: 'Katherine', last_name: 'Johnson' });
  });

  test('canceling at the provider comes back to /login with the spec message', async ({ page, server }) => {
    await page.goto('/login');
    await startGoogleSignIn(page, server.oidcIssuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();

    await expect(page).toHaveURL('/login?notice=google-canceled');
    await expect(main(page).getByRole('alert')).toHaveText('Google Sign-In was canceled. Please try again.');
    await expect(loginLink(page)).toBeVisible();
  });
});

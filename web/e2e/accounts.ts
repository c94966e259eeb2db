/**
 * Accounts for the journeys: made through the API when a test needs one but
 * is not about making it, and signed in through the real sign-in form.
 *
 * Mind the server's limits, which the whole suite shares (one server, one
 * client address 127.0.0.1): fewer than 20 e-mail requests (register,
 * resend verification, forgot password) per hour, and 20 failed password
 * attempts per 15 minutes (5 on one account). Each spec that sends e-mails
 * counts its requests in its header; README.md has the total.
 */
import { randomBytes } from 'node:crypto';

import type { APIRequestContext, Page } from '@playwright/test';

import { linkIn, uniqueEmail, type Outbox } from './emails.ts';
import { expect } from './fixtures.ts';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A person with a fresh address (`ada.lovelace.3f9a1c2e@example.test`) and password. */
export function newPerson(firstName: string, lastName: string): Person {
  return {
    firstName,
    lastName,
    email: uniqueEmail(`${firstName}.${lastName}`),
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
}

/** The header the server's CSRF guard requires on every state-changing API request. */
export const CSRF_HEADERS = { 'X-Requested-With': 'colloquy' } as const;

/** Registers `person` through the API, leaving the address unverified. One e-mail request. */
export async function registerAccount(request: APIRequestContext, person: Person): Promise<void> {
  const registered = await request.post('/api/accounts/register', {
    headers: CSRF_HEADERS,
    data: {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      password: person.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(202);
}

/**
 * Registers `person` and follows the verification link, through the API.
 * One e-mail request.
 */
export async function registerVerifiedAccount(
  request: APIRequestContext,
  outbox: Outbox,
  person: Person,
): Promise<void> {
  await registerAccount(request, person);

  const token = new URL(linkIn(await outbox.waitForEmail(person.email), '/verify-email')).searchParams.get('token');
  const verified = await request.post('/api/accounts/verify-email', { headers: CSRF_HEADERS, data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** Fills in and sends the sign-in form of the /login page the browser is on. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main', exact: true });
}

/** The main navigation's link to the profile, shown only to a signed-in user. */
export function profileLink(page: Page) {
  return mainNav(page).getByRole('link', { name: 'Profile', exact: true });
}

/** The main navigation's link to /login, shown only to a visitor. */
export function loginLink(page: Page) {
  return mainNav(page).getByRole('link', { name: 'Login', exact: true });
}

import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { deferred, errorResponse, renderApp } from '../../../test/render-app';

const REGISTER = 'POST /api/accounts/register';
const accepted = () =>
  Response.json({ message: 'If the address can be used, we have sent it a link.' }, { status: 202 });

async function fillForm(
  user: UserEvent,
  { password = 'correct horse', confirmation = password }: { password?: string; confirmation?: string } = {},
) {
  await user.type(await screen.findByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
}

describe('register page', () => {
  it('has labelled, required fields with autocomplete and a link to /login', async () => {
    renderApp('/register');

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('First Name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("says 'Passwords do not match' and sends nothing when they differ", async () => {
    const { user, requestsTo } = renderApp('/register', { api: { [REGISTER]: accepted } });
    await fillForm(user, { password: 'correct horse', confirmation: 'correct horsf' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(requestsTo(REGISTER)).toHaveLength(0);
  });

  it("reads 'Signing Up...' and is disabled while busy, then shows 'Verify Your Email' with the address", async () => {
    const answer = deferred<Response>();
    const { user, requestsTo } = renderApp('/register', { api: { [REGISTER]: () => answer.promise } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('button', { name: 'Signing Up...' })).toBeDisabled();
    answer.resolve(accepted());

    const heading = await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('ada@example.edu')).toBeInTheDocument();
    expect(screen.getByText(/We sent a verification email to/)).toHaveTextContent(
      'We sent a verification email to ada@example.edu.',
    );
    expect(screen.getByRole('link', { name: 'Go to Login Page' })).toHaveAttribute('href', '/login');
    expect(requestsTo(REGISTER)).toEqual([
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.edu', password: 'correct horse' },
    ]);
  });

  it("shows the server's message and its messages next to the fields", async () => {
    const { user } = renderApp('/register', {
      api: {
        [REGISTER]: () =>
          errorResponse(422, 'Please correct the highlighted fields.', {
            fields: { password: ['Use at least 8 characters.'] },
          }),
      },
    });
    await fillForm(user, { password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/Use at least 8 characters\./);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it("shows the server's message for a rate limit", async () => {
    const { user } = renderApp('/register', {
      api: { [REGISTER]: () => errorResponse(429, 'Too many attempts. Please try again later.') },
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
  });

  it.each([
    ['a server failure', () => Promise.resolve(errorResponse(500, 'Internal server error'))],
    ['an unreachable server', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("falls back to 'Failed to register' on %s", async (_case, answer) => {
    const { user } = renderApp('/register', { api: { [REGISTER]: answer } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to register$/);
  });
});

import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorResponse, findMessage, member, renderApp } from '../../../test/render-app';

const FORGOT = 'POST /api/accounts/forgot-password';
const RESET = 'POST /api/accounts/reset-password';
const SAME_ANSWER = 'If an account uses this address, we have sent it a link to set a new password.';

async function choosePassword(user: UserEvent, password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
}

describe('forgot password page', () => {
  it("sends the address and shows the server's answer", async () => {
    const { user, requestsTo } = renderApp('/forgot-password', {
      api: { [FORGOT]: () => Response.json({ message: SAME_ANSWER }, { status: 202 }) },
    });

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    await user.type(email, 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await findMessage('status', SAME_ANSWER);
    expect(requestsTo(FORGOT)).toEqual([{ email: 'ada@example.edu' }]);
  });

  it('is linked from the login page', async () => {
    const { user, router } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('reset password page', () => {
  it("says 'Passwords do not match' and sends nothing", async () => {
    const { user, requestsTo } = renderApp('/reset-password?token=t0k3n');
    await choosePassword(user, 'correct horse', 'correct horsf');

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(requestsTo(RESET)).toHaveLength(0);
  });

  it('sets the new password, says so and links to sign in', async () => {
    const { user, requestsTo } = renderApp('/reset-password?token=t0k3n', {
      user: member,
      api: {
        [RESET]: (_request, server) => {
          server.user = null; // a reset signs the account out everywhere
          return Response.json({ message: 'Your password has been changed. Please sign in.' });
        },
      },
    });
    expect(screen.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    await choosePassword(user, 'correct horse');

    await findMessage('status', 'Your password has been changed. Please sign in.');
    expect(screen.getByRole('link', { name: 'Go to Login Page' })).toHaveAttribute('href', '/login');
    expect(requestsTo(RESET)).toEqual([{ token: 't0k3n', password: 'correct horse' }]);
    // The session was refreshed: the nav offers Login again.
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it.each([
    ['token_expired', 'This password reset link has expired.'],
    ['token_used', 'This password reset link has already been used.'],
    ['token_replaced', 'A newer password reset link has been sent. Please use the link in the latest email.'],
    ['token_invalid', 'This password reset link is not valid.'],
  ])('explains %s and links to a new reset email', async (code, message) => {
    const { user } = renderApp('/reset-password?token=t0k3n', {
      api: { [RESET]: () => errorResponse(400, 'This link cannot be used.', { code }) },
    });
    await choosePassword(user, 'correct horse');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows the server's message about a short password next to the field", async () => {
    const { user } = renderApp('/reset-password?token=t0k3n', {
      api: {
        [RESET]: () =>
          errorResponse(422, 'Please correct the highlighted fields.', {
            fields: { password: ['Use at least 8 characters.'] },
          }),
      },
    });
    await choosePassword(user, 'short');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(/Use at least 8 characters\./);
  });

  it('says a link without a token is not valid', async () => {
    renderApp('/reset-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is not valid.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeInTheDocument();
  });
});

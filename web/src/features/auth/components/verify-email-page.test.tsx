import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, findMessage, renderApp } from '../../../test/render-app';

const VERIFY = 'POST /api/accounts/verify-email';
const RESEND = 'POST /api/accounts/resend-verification';

describe('verify email page', () => {
  it('spends the token once, even in StrictMode, and says the address is verified', async () => {
    const { requestsTo } = renderApp('/verify-email?token=abc123', {
      api: { [VERIFY]: () => Response.json({ message: 'Your email address is verified.' }) },
    });

    await findMessage('status', 'Your email has been verified. You can now sign in.');
    expect(screen.getByRole('link', { name: 'Go to Login Page' })).toHaveAttribute('href', '/login');
    expect(requestsTo(VERIFY)).toEqual([{ token: 'abc123' }]);
  });

  it('shows a loading state while verifying', async () => {
    renderApp('/verify-email?token=abc123', { api: { [VERIFY]: () => new Promise<Response>(() => undefined) } });

    await findMessage('status', 'Verifying your email…');
  });

  it.each([
    ['token_expired', 'This verification link has expired.'],
    ['token_used', 'This verification link has already been used.'],
    ['token_replaced', 'A newer verification link has been sent. Please use the link in the latest email'],
    ['token_invalid', 'This verification link is not valid.'],
  ])('explains %s and offers a new email', async (code, message) => {
    const { user, requestsTo } = renderApp('/verify-email?token=abc123', {
      api: {
        [VERIFY]: () => errorResponse(400, 'This link cannot be used.', { code }),
        [RESEND]: () =>
          Response.json({ message: 'If the address needs verifying, we sent a new link.' }, { status: 202 }),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    await findMessage('status', 'If the address needs verifying, we sent a new link.');
    expect(requestsTo(RESEND)).toEqual([{ email: 'ada@example.edu' }]);
    expect(requestsTo(VERIFY)).toHaveLength(1);
  });

  it('sends nothing for a link without a token', async () => {
    const { requestsTo } = renderApp('/verify-email');

    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is incomplete.');
    expect(requestsTo(VERIFY)).toHaveLength(0);
  });
});

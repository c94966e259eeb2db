import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { SessionUser } from '../../../api/types';
import { deferred, errorResponse, findMessage, member, renderApp, type Handler } from '../../../test/render-app';

// The server's two refusals: the message says which limit was reached.
const ACCOUNT_LIMITED = 'Too many failed sign-in attempts on this account. Please wait 15 minutes and try again.';
const NETWORK_LIMITED = 'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.';

const LOGIN = 'POST /api/accounts/login';
const RESEND = 'POST /api/accounts/resend-verification';

/** The server's answer while its password pool is full: try again after Retry-After seconds. */
function busy(): Response {
  const body = { error: 'The server is busy. Please try again in a moment.', code: 'busy' };
  return Response.json(body, { status: 503, headers: { 'Retry-After': '0' } });
}

/** A login endpoint that signs `user` in, as the server does. */
function signsIn(user: SessionUser): Handler {
  return (_request, server) => {
    server.user = user;
    return Response.json({ user });
  };
}

async function signIn(user: UserEvent, email = 'ada@example.edu') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  it('has email and password fields, and links to sign up and to reset a password', async () => {
    renderApp('/login');

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toBeRequired();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toBeRequired();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it("reads 'Signing In...' and is disabled while busy", async () => {
    const answer = deferred<Response>();
    const { user } = renderApp('/login', { api: { [LOGIN]: () => answer.promise } });
    await signIn(user);

    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    answer.resolve(errorResponse(401, 'Incorrect email or password.'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it.each([
    ['wrong credentials', errorResponse(401, 'Incorrect email or password.'), 'Incorrect email or password.'],
    [
      'an unverified address',
      errorResponse(403, 'Please verify your email before logging in.', { code: 'email_unverified' }),
      'Please verify your email before logging in.',
    ],
    [
      'a limited account',
      errorResponse(429, ACCOUNT_LIMITED, { code: 'rate_limited' }),
      ACCOUNT_LIMITED,
    ],
    [
      'a limited network',
      errorResponse(429, NETWORK_LIMITED, { code: 'rate_limited' }),
      NETWORK_LIMITED,
    ],
    [
      'a server failure',
      errorResponse(500, 'Internal server error'),
      'An error occurred during login. Please try again.',
    ],
    [
      'an unexpected refusal',
      errorResponse(403, 'Forbidden', { code: 'csrf' }),
      'An error occurred during login. Please try again.',
    ],
  ])('shows the message for %s', async (_case, response, message) => {
    const { user } = renderApp('/login', { api: { [LOGIN]: () => response } });
    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says the server is busy and tries again when it asks to', async () => {
    const second = deferred<Response>();
    const answers = [busy, () => second.promise];
    const { user, router, requestsTo } = renderApp('/login', {
      api: {
        [LOGIN]: (_request, server) => {
          const answer = answers.shift()?.() ?? errorResponse(500, 'no more answers');
          // The second try is the one that signs in.
          if (answers.length === 0) server.user = member;
          return answer;
        },
      },
    });
    await signIn(user);

    await findMessage('status', 'The server is busy, trying again…');
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    second.resolve(Response.json({ user: member }));

    expect(await screen.findByRole('heading', { level: 1, name: 'SCULC' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sculc');
    expect(requestsTo(LOGIN)).toHaveLength(2);
  });

  it('shows the failure once a busy server stays busy', async () => {
    const { user, requestsTo } = renderApp('/login', { api: { [LOGIN]: busy } });
    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during login. Please try again.');
    expect(requestsTo(LOGIN)).toHaveLength(4);
    expect(screen.queryByText('The server is busy, trying again…')).not.toBeInTheDocument();
  });

  it('sends the typed address and password', async () => {
    const { user, requestsTo } = renderApp('/login', { api: { [LOGIN]: signsIn(member) } });
    await signIn(user);

    await screen.findByRole('heading', { level: 1, name: 'SCULC' });
    expect(requestsTo(LOGIN)).toEqual([{ email: 'ada@example.edu', password: 'correct horse' }]);
  });

  it('offers to resend the verification email to an unverified address', async () => {
    const { user, requestsTo } = renderApp('/login', {
      api: {
        [LOGIN]: () => errorResponse(403, 'Please verify your email before logging in.', { code: 'email_unverified' }),
        [RESEND]: () =>
          Response.json({ message: 'If the address needs verifying, we sent a new link.' }, { status: 202 }),
      },
    });
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
    await signIn(user, 'grace@example.edu');

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await findMessage('status', 'If the address needs verifying, we sent a new link.');
    expect(requestsTo(RESEND)).toEqual([{ email: 'grace@example.edu' }]);
  });

  it('goes to /sculc after signing in when the user came from nowhere in particular', async () => {
    const { user, router } = renderApp('/login', { api: { [LOGIN]: signsIn(member) } });
    await signIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'SCULC' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sculc');
    // The nav follows the new session.
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }),
    ).toBeInTheDocument();
  });

  it('returns to the page the user came from', async () => {
    const { user, router } = renderApp(
      { pathname: '/login', state: { from: '/profile', message: 'Please sign in to continue.' } },
      { api: { [LOGIN]: signsIn(member) } },
    );
    await findMessage('status', 'Please sign in to continue.');
    await signIn(user);

    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome Ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('ignores a `from` that leaves the site', async () => {
    const { user, router } = renderApp(
      { pathname: '/login', state: { from: '//evil.example/phish' } },
      { api: { [LOGIN]: signsIn(member) } },
    );
    await signIn(user);

    await screen.findByRole('heading', { level: 1, name: 'SCULC' });
    expect(router.state.location.pathname).toBe('/sculc');
  });

  it('sends an account without a completed profile to /complete-profile', async () => {
    const incomplete = { ...member, first_name: '', last_name: '', profile_complete: false };
    const { user, router } = renderApp(
      { pathname: '/login', state: { from: '/profile' } },
      { api: { [LOGIN]: signsIn(incomplete) } },
    );
    await signIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/complete-profile');
    await findMessage('status', 'Please complete your profile before proceeding');
  });

  it('sends a signed-in user on', async () => {
    const { router } = renderApp('/login', { user: member });

    expect(await screen.findByRole('heading', { level: 1, name: 'SCULC' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sculc');
  });

  it.each([
    ['google-canceled', 'Google Sign-In was canceled. Please try again.'],
    ['google-failed', 'Google Sign-In failed. Please try again.'],
  ])('shows the message for ?notice=%s', async (notice, message) => {
    renderApp(`/login?notice=${notice}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('ignores an unknown notice', async () => {
    renderApp('/login?notice=<script>');

    await screen.findByLabelText('Email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no Google button unless the server has Google sign-in', async () => {
    const { requests } = renderApp('/login');

    await screen.findByLabelText('Email');
    await expect.poll(() => requests.some((request) => request.path === '/api/accounts/providers')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('links the Google button to the server, with the page to return to', async () => {
    renderApp(
      { pathname: '/login', state: { from: '/sculc/submit-abstract' } },
      { api: { 'GET /api/accounts/providers': () => Response.json({ google: true }) } },
    );

    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      '/api/accounts/google/start?return_to=%2Fsculc%2Fsubmit-abstract',
    );
  });

  it('returns from Google to /sculc by default', async () => {
    renderApp('/login', { api: { 'GET /api/accounts/providers': () => Response.json({ google: true }) } });

    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      '/api/accounts/google/start?return_to=%2Fsculc',
    );
  });
});
